import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// The statistics report as `quire stats --json` gives it: today, this week and this
/// month, the calendar of days read, speed per script, days in a row, and each book's
/// figures with its expected finish.
@Suite struct StatisticsReportTests {
  private let folder = ScratchFolder()
  /// Thursday 28 May 2026, 20:26:40 UTC.
  private let now = Date(timeIntervalSince1970: 1_780_000_000)
  private let utc = TimeZone(identifier: "UTC")!

  private func timing(_ seconds: Double, pages: Int, _ script: ReadingScript = .latin)
    -> ReadingTiming
  {
    ReadingTiming(speedSeconds: seconds, timeRead: seconds, pagesRead: pages, script: script)
  }

  @Test func periodsCalendarSpeedStreaksAndTheExpectedFinish() throws {
    let library = try Library(path: folder.libraryPath)
    let emma = try Sample.addBook(library, "Emma", characters: 120_000)
    let dream = try Sample.addBook(library, "Dream", characters: 50_000)
    let day = 86_400.0
    // Emma: half an hour today, an hour on Monday, an hour on the 1st of May (another
    // week, this month), 1,000 characters a minute; Dream, in Chinese, yesterday.
    for (start, characters) in [
      (now - 3600, 30_000), (now - 3 * day, 60_000), (now - 27 * day, 60_000),
    ] {
      let seconds = Double(characters) / 1000 * 60
      try library.recordSession(
        bookID: emma.id, startedAt: start, endedAt: start + seconds, charactersRead: characters,
        pagesTurned: characters / 1000, timing: timing(seconds, pages: characters / 1000))
    }
    try library.recordSession(
      bookID: dream.id, startedAt: now - day, endedAt: now - day + 600, charactersRead: 3_000,
      pagesTurned: 8, timing: timing(600, pages: 8, .han))
    try library.savePosition(
      Locator(chapterIndex: 0, offset: 0, totalProgression: 0.5), forBook: emma.id, at: now)

    let report = try library.statisticsReport(now: now, timeZone: utc, weeks: 5)
    #expect(report.periods.map(\.name) == ["today", "week", "month"])
    #expect(report.periods.map(\.start) == ["2026-05-28", "2026-05-25", "2026-05-01"])
    let times: [Double] = [1800, 6000, 9600]
    #expect(report.periods.map(\.totals.timeRead) == times)
    #expect(report.periods.map(\.totals.pages) == [30, 98, 158])
    #expect(report.overall.books == 2 && report.overall.days == 4)
    // Five weeks of days, Monday 27 April to today; the days read have their time.
    #expect(report.days.first?.date == "2026-04-27" && report.days.last?.date == "2026-05-28")
    #expect(report.days.count == 32)
    #expect(
      report.days.filter { $0.timeRead > 0 }.map(\.date) == [
        "2026-05-01", "2026-05-25", "2026-05-27", "2026-05-28",
      ])
    // Monday, (not Tuesday), Wednesday, Thursday: two days in a row now.
    #expect(report.currentStreak == 2 && report.longestStreak == 2)
    #expect(report.speedByScript.map(\.script) == [.latin, .han])
    #expect(report.speedByScript.map(\.charactersPerMinute) == [1000, 300])
    #expect(report.mainScript == .latin)
    #expect(
      report.speed.filter { $0.script == .latin }.map(\.week) == ["2026-04-27", "2026-05-25"])
    // Emma, half read: 60,000 characters left at 1,000 a minute, an hour; read 50 minutes
    // a day (2 h 30 min over three days), that is two days, today included: tomorrow.
    let book = try #require(report.books.first { $0.title == "Emma" })
    #expect(report.books.first?.title == "Emma", "the book read last comes first")
    #expect(book.timeLeft == 3600)
    #expect(book.expectedFinish == "2026-05-29")
    #expect(book.lastRead == "2026-05-28T19:56:40Z")
    // The report is the JSON `quire stats` prints: it round-trips.
    let data = try JSONEncoder().encode(report)
    #expect(try JSONDecoder().decode(StatisticsReport.self, from: data) == report)
  }

  @Test func nothingReadIsAnEmptyReport() throws {
    let library = try Library(path: folder.libraryPath)
    _ = try Sample.addBook(library, "Emma")
    let report = try library.statisticsReport(now: now, timeZone: utc, weeks: 1)
    #expect(report.overall.sessions == 0 && report.books.isEmpty)
    #expect(report.days.map(\.date) == ["2026-05-25", "2026-05-26", "2026-05-27", "2026-05-28"])
    #expect(report.currentStreak == 0 && report.mainScript == nil)
  }
}
