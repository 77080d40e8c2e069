import Foundation
import QuireBook
import QuireReading
import Testing

@testable import QuireCLI

/// `quire progress` and `quire stats` on positions and sessions stored in a temporary
/// library.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ProgressAndStatsCommandTests {
  @Test func progressBeforeAndAfterReading() throws {
    let workspace = LibraryWorkspace()
    let alice = try workspace.alice()
    // A named library that does not exist is not made by a command that only reads it.
    let fresh = workspace.run(["progress", alice])
    #expect(fresh.status == 0, "\(fresh.standardError)")
    #expect(
      fresh.standardOutput == """
        Alice’s Adventures in Wonderland — Lewis Carroll
        chapter:   1 of 13 (Front Matter)
        page:      about 1 of 96 (1 of 1 in the chapter)
        progress:  0.0% of the book (0 of 143,136 characters)
        last read: never (not started)

        """)
    #expect(fresh.standardError.contains("there is no library there yet"))
    #expect(!FileManager.default.fileExists(atPath: workspace.libraryPath))

    #expect(workspace.run(["library", "add", alice]).status == 0)
    let library = try workspace.library()
    let entry = try #require(try library.books().first)
    let book = try Book.open(alice)
    let saved = Date(timeIntervalSince1970: 1_780_000_000)
    try library.savePosition(Locator(chapterIndex: 6, offset: 0), forBook: entry.id, at: saved)
    let before = try (0..<6).reduce(0) { $0 + (try book.text(ofChapter: $1).length) }
    let total = try book.chapters.indices.reduce(0) { $0 + (try book.text(ofChapter: $1).length) }
    let result = workspace.run(["progress", "1", "--json"])
    let report = try JSONDecoder().decode(
      ProgressReport.self, from: Data(result.standardOutput.utf8))
    #expect(report.chapter == 7 && report.chapters == 13)
    #expect(report.chapterTitle == "CHAPTER VI. Pig and Pepper")
    #expect(report.charactersRead == before && report.characters == total)
    #expect(report.lastRead == "2026-05-28T20:26:40Z")
    let text = workspace.run(["progress", alice]).standardOutput
    let percent = (Double(before) / Double(total) * 1000).rounded(.down) / 10
    #expect(text.contains("chapter:   7 of 13 (CHAPTER VI. Pig and Pepper)\n"))
    #expect(text.contains("progress:  \(String(format: "%.1f", percent))% of the book"))
    #expect(text.contains("last read: \(ReadingTimeText.date(saved))\n"))
  }

  @Test func statsPerBookAndOverall() throws {
    let workspace = LibraryWorkspace()
    let alice = try workspace.alice()
    let handbook = try workspace.copy(try #require(CommandContext.standard.handbookPath))
    _ = workspace.run(["library", "add", alice, handbook])
    let library = try workspace.library()
    let books = try library.books(sortedBy: .title)
    let day = 1_780_000_000 - 1_780_000_000 % 86_400
    let noon = Date(timeIntervalSince1970: TimeInterval(day + 43_200))
    // Timed sessions count the pages that were reading, and teach speed from the pages
    // that counted towards it; the untimed one (recorded before pages were timed) counts
    // its wall time and turns, and teaches no speed.
    try library.recordSession(
      bookID: books[0].id, startedAt: noon, endedAt: noon + 3600, charactersRead: 30_000,
      pagesTurned: 60,
      timing: ReadingTiming(speedSeconds: 3000, timeRead: 3300, pagesRead: 55, script: .latin))
    try library.recordSession(
      bookID: books[0].id, startedAt: noon + 86_400, endedAt: noon + 86_400 + 1800,
      charactersRead: 15_000, pagesTurned: 30,
      timing: ReadingTiming(speedSeconds: 1500, timeRead: 1500, pagesRead: 30, script: .latin))
    try library.recordSession(
      bookID: books[1].id, startedAt: noon, endedAt: noon + 600, charactersRead: 4_000,
      pagesTurned: 9)

    let overall = workspace.run(["stats"])
    #expect(overall.status == 0)
    #expect(
      overall.standardOutput.hasPrefix(
        """
        Reading statistics

        time read:  1 h 30 min
        sessions:   3
        pages:      94
        characters: 49,000
        days:       2
        books:      2 read of 2 in the library
        speed:      600 characters a minute

        ID  TITLE
        """))
    #expect(overall.standardOutput.contains("1 h 20 min     85      45,000     2"))

    let one = workspace.run(["stats", alice])
    #expect(
      one.standardOutput.hasPrefix("Reading statistics for “Alice’s Adventures in Wonderland”\n"))
    #expect(one.standardOutput.contains("time read:  1 h 20 min\n"))
    #expect(one.standardOutput.contains("days:       2\n"))
    let json = try JSONDecoder().decode(
      StatsReport.self, from: Data(workspace.run(["stats", "2", "--json"]).standardOutput.utf8))
    #expect(json.overall.timeRead == 600 && json.overall.pages == 9)
    // The whole library's report ends with today, this week and this month, and its JSON
    // carries the statistics screens' figures.
    #expect(overall.standardOutput.contains("\ntoday:         "))
    #expect(overall.standardOutput.contains("\ndays in a row: 0 now, 2 at most\n"))
    let all = try JSONDecoder().decode(
      StatsReport.self, from: Data(workspace.run(["stats", "--json"]).standardOutput.utf8))
    let report = try #require(all.report)
    #expect(report.speedByScript.map(\.charactersPerMinute) == [600])
    #expect(report.books.map(\.totals.pages).sorted() == [9, 85])
  }
}
