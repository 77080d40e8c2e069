import Foundation
import QuireBook
import QuireReading
import QuireUI
import Synchronization
import Testing

@testable import QuireCLI

/// `quire progress` and `quire search` once a reader paginated the book with the
/// commands' settings (the default preferences on a 600 × 800 page) and read in it: exact page numbers from the pagination cache, time left and
/// "done at" from the recorded reading speed.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ReadingPagesCommandTests {
  @Test func progressAndSearchShowExactPagesOnceTheBookIsPaginated() async throws {
    let workspace = LibraryWorkspace()
    let alice = try workspace.alice()
    let library = try workspace.library()
    let book = try Book.open(alice)
    let clock = ScriptedClock(Date().addingTimeInterval(-3600))
    let reader = try await ReadingSession(
      book: book, library: library, settings: CommandSettings.reading(for: Preferences()),
      clock: { clock.now })
    await reader.go(toChapter: 7)
    for _ in 0..<4 {
      clock.advance(45)
      _ = await reader.next()
    }
    await reader.waitForBackground()
    let shown = try #require(await reader.current)
    #expect(shown.progress.isExact)
    await reader.close()

    let result = workspace.run(["progress", alice, "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    let report = try JSONDecoder().decode(
      ProgressReport.self, from: Data(result.standardOutput.utf8))
    #expect(report.pagesExact == true)
    #expect(report.pageInBook == shown.progress.pageInBook)
    #expect(report.pagesInBook == shown.progress.pagesInBook)
    #expect(report.pageInChapter == shown.progress.pageInChapter)
    // Time left at the speed of the recorded sessions.
    let statistics = try library.statistics()
    let speed = try #require(statistics.charactersPerMinute)
    let lengths = try book.chapters.indices.map { try book.text(ofChapter: $0).length }
    let left = lengths[shown.chapterIndex...].reduce(0, +) - shown.page.range.lowerBound
    let expected = Double(left) / speed * 60
    #expect(abs(try #require(report.secondsLeftInBook) - expected) <= 1)

    let text = workspace.run(["progress", alice]).standardOutput
    let progress = shown.progress
    #expect(
      text.contains(
        "page:      \(progress.pageInBook) of \(progress.pagesInBook) "
          + "(\(progress.pageInChapter) of \(progress.pagesInChapter) in the chapter)\n"))
    #expect(text.contains("time left: "))
    #expect(text.contains(" in the chapter, "))
    #expect(text.contains(#/done at:   \d\d:\d\d if you keep reading/#))

    // Search: every match's page is the page of a full pass that holds it.
    let viewer = try await ReadingSession(
      book: book, library: library, settings: CommandSettings.reading(for: Preferences()),
      options: .peek)
    await viewer.first()
    var pages: [ShownPage] = []
    if let first = await viewer.current { pages.append(first) }
    while let page = await viewer.next() { pages.append(page) }
    #expect(pages.count == progress.pagesInBook)
    let search = workspace.run(["search", alice, "Mock Turtle", "--json"])
    let found = try JSONDecoder().decode(SearchReport.self, from: Data(search.standardOutput.utf8))
    #expect(found.count > 10)
    for match in found.matches {
      let page = pages.firstIndex {
        $0.chapterIndex == match.chapter - 1 && $0.page.range.contains(match.start)
      }
      #expect(match.page == page.map { $0 + 1 }, "\(match.snippet.text)")
      #expect(match.pageExact == true)
    }
    let listing = workspace.run(["search", alice, "Mock Turtle", "--limit", "3"]).standardOutput
    #expect(listing.contains("  p. "))
    #expect(!listing.contains("about p."))
  }
}

/// A clock the test moves by hand, for the reading speed.
private final class ScriptedClock: Sendable {
  private let time: Mutex<Date>

  init(_ start: Date) { time = Mutex(start) }

  var now: Date { time.withLock { $0 } }

  func advance(_ seconds: TimeInterval) {
    time.withLock { (value: inout Date) in value = value.addingTimeInterval(seconds) }
  }
}
