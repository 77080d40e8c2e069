import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// The speed behind "time left" as a reader lives it: pages read, flipped, left under a
/// panel or while away, and the book closed and opened again.
@Suite(.tags(.corpus)) struct ReadingTimeLeftTests {
  private let noon = Date(timeIntervalSince1970: 1_700_049_600)

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aScriptedSessionLearnsItsSpeedFromThePagesReadAlone() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let book = try SessionFixtures.book(SessionFixtures.aliceTXT)
    let clock = ScriptedClock(noon)
    var session = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false), clock: { clock.now })
    await session.go(toChapter: book.readingOrder[1])
    var read = 0
    var seconds = 0.0
    var estimates: [TimeInterval] = []
    func turn(after time: TimeInterval, reading: Bool) async throws {
      let page = try #require(await session.current)
      clock.advance(time)
      _ = try #require(await session.next())
      if reading {
        read += page.page.range.count
        seconds += 30
      }
      estimates.append(try #require(await session.timeEstimate()).bookTimeLeft)
    }
    for _ in 0..<6 { try await turn(after: 30, reading: true) }
    for _ in 0..<5 { try await turn(after: 1, reading: false) }  // a burst of quick flips
    // Ten minutes in a panel over a page that was read for 30 s besides.
    clock.advance(10)
    await session.setCovered(true)
    clock.advance(600)
    await session.setCovered(false)
    try await turn(after: 20, reading: true)
    try await turn(after: 3600, reading: false)  // an hour away
    for _ in 0..<4 { try await turn(after: 30, reading: true) }

    let estimator = await session.speedEstimator
    #expect(abs(try #require(estimator.charactersPerMinute) - Double(read) / (seconds / 60)) < 1e-6)
    // Each page's time left follows from the last: never a jump of a fifth or more.
    for (last, next) in zip(estimates, estimates.dropFirst()) {
      #expect(abs(next - last) < 0.2 * last, "time left went from \(last) to \(next)")
    }

    // Closed and opened again at the same page: the same speed, so the same time left.
    let before = try #require(await session.timeEstimate())
    await session.close()
    session = try await ReadingSession(
      book: book, library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false), clock: { clock.now })
    let after = try #require(await session.timeEstimate())
    #expect(abs(after.bookTimeLeft - before.bookTimeLeft) < 0.2 * before.bookTimeLeft)
    #expect(abs(after.charactersPerMinute - before.charactersPerMinute) < 1e-6)
    await session.close()
    let statistics = try library.statistics()
    #expect(abs(statistics.timeRead - seconds) < 1e-6, "time read is the reading alone")
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aBookStartsFromTheReadersSpeedInItsScript() async throws {
    let folder = ScratchFolder()
    let library = try Library(path: folder.libraryPath)
    let other = try library.addBook(
      path: "/books/other.txt", contentHash: "other", format: "TXT",
      metadata: Sample.metadata("Other"), characters: 100_000, at: noon)
    let start = noon.addingTimeInterval(-86_400)
    for (script, characters) in [(ReadingScript.latin, 60_000), (.han, 12_000)] {
      try library.recordSession(
        bookID: other.id, startedAt: start, endedAt: start + 3600, charactersRead: characters,
        pagesTurned: 40,
        timing: ReadingTiming(speedSeconds: 3600, timeRead: 3600, pagesRead: 40, script: script))
    }
    let english = try await ReadingSession(
      book: try SessionFixtures.book(SessionFixtures.aliceTXT), library: library,
      settings: SessionFixtures.settings, options: .init(prefetch: false, exactPagination: false))
    #expect(await english.speedEstimator.script == .latin)
    #expect(await english.speedEstimator.charactersPerMinute == 1000)
    let chinese = try await ReadingSession(
      book: try SessionFixtures.book("txt/zh/hongloumeng_simplified_utf8-crlf.txt"),
      library: library, settings: SessionFixtures.settings,
      options: .init(prefetch: false, exactPagination: false))
    #expect(await chinese.speedEstimator.script == .han)
    #expect(await chinese.speedEstimator.charactersPerMinute == 200)
    // The other books count as a quarter of an hour of reading: this book's own pages
    // soon speak for themselves.
    #expect(await chinese.speedEstimator.countedSeconds == 15 * 60)
  }
}
