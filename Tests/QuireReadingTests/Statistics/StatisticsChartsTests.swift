import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// The charts the statistics screens and `quire stats --svg` draw, from a library with
/// seeded sessions: the heat map's weeks and months, the bars of the last 30 days across a
/// month's end with a day not read, speed per script, the books and the totals.
@Suite struct StatisticsChartsTests {
  private let folder = ScratchFolder()
  /// Thursday 28 May 2026, 20:26:40 UTC.
  private let now = Date(timeIntervalSince1970: 1_780_000_000)
  private let utc = TimeZone(identifier: "UTC")!
  private let day = 86_400.0

  /// A library read on five days: 28 May (30 min, Latin), 27 May (10 min, Chinese), 25 May
  /// (an hour), 1 May (an hour) and 30 April (20 min); not on 26 May.
  private func seededCharts() throws -> StatisticsCharts {
    let library = try Library(path: folder.libraryPath)
    let emma = try Sample.addBook(library, "Emma", characters: 120_000)
    let dream = try Sample.addBook(library, "Dream", characters: 50_000)
    let noon = now - 8 * 3600
    for (start, minutes) in [
      (now - 3600, 30.0), (noon - 3 * day, 60), (noon - 27 * day, 60), (noon - 28 * day, 20),
    ] {
      let seconds = minutes * 60
      let characters = Int(minutes) * 1000
      try library.recordSession(
        bookID: emma.id, startedAt: start, endedAt: start + seconds, charactersRead: characters,
        pagesTurned: Int(minutes),
        timing: ReadingTiming(
          speedSeconds: seconds, timeRead: seconds, pagesRead: Int(minutes), script: .latin))
    }
    try library.recordSession(
      bookID: dream.id, startedAt: noon - day, endedAt: noon - day + 600, charactersRead: 3_000,
      pagesTurned: 8,
      timing: ReadingTiming(speedSeconds: 600, timeRead: 600, pagesRead: 8, script: .han))
    try library.savePosition(
      Locator(chapterIndex: 0, offset: 0, totalProgression: 0.5), forBook: emma.id, at: now)
    return StatisticsCharts(report: try library.statisticsReport(now: now, timeZone: utc))
  }

  @Test func heatMapIsTwentySixWeeksToTodayWithMonthsAndLevels() throws {
    let charts = try seededCharts()
    #expect(charts.heatMap.count == 26)
    #expect(charts.heatMap.first?.monday == "2025-12-01")
    #expect(charts.heatMap.last?.monday == "2026-05-25")
    #expect(charts.heatMap.dropLast().allSatisfy { $0.days.count == 7 })
    #expect(charts.heatMap.last?.days.map(\.date).last == "2026-05-28", "the last week ends today")
    // A month's label over the week that holds its 1st.
    #expect(
      charts.heatMap.compactMap(\.monthLabel) == ["Dec", "Jan", "Feb", "Mar", "Apr", "May"])
    #expect(charts.heatMap.first { $0.monthLabel == "May" }?.monday == "2026-04-27")
    // Levels: none, any reading, a quarter of an hour, half an hour, an hour.
    let levels = Dictionary(
      uniqueKeysWithValues: charts.heatMap.flatMap(\.days).map { ($0.date, $0.level) })
    #expect(levels["2026-05-28"] == 3)
    #expect(levels["2026-05-27"] == 1)
    #expect(levels["2026-05-26"] == 0)
    #expect(levels["2026-05-25"] == 4)
    #expect(levels["2026-04-30"] == 2)
    #expect(levels.values.filter { $0 > 0 }.count == 5)
  }

  @Test func barsCoverTheLastThirtyDaysAcrossTheMonthsEnd() throws {
    let charts = try seededCharts()
    let time = charts.timePerDay
    #expect(time.bars.count == 30)
    #expect(time.bars.first?.date == "2026-04-29" && time.bars.last?.date == "2026-05-28")
    // The longest day is an hour: the scale's top is an hour, half an hour is half a bar.
    #expect(time.maximum == 3600 && time.maximumLabel == "1 h")
    let byDate = Dictionary(uniqueKeysWithValues: time.bars.map { ($0.date, $0) })
    #expect(byDate["2026-05-28"]?.fraction == 0.5)
    #expect(byDate["2026-04-30"]?.value == 1200)
    #expect(byDate["2026-05-01"]?.fraction == 1)
    #expect(byDate["2026-05-26"]?.value == 0 && byDate["2026-05-26"]?.fraction == 0)
    #expect(time.summary == "3 h in all")
    // Day-of-month labels under every seventh bar, back from today.
    #expect(time.bars.compactMap(\.label) == ["30", "7", "14", "21", "28"])
    // Pages: 60 at most, a scale to 100.
    #expect(charts.pagesPerDay.maximum == 100 && charts.pagesPerDay.maximumLabel == "100 pages")
    #expect(charts.pagesPerDay.bars.last?.value == 30)
    #expect(charts.pagesPerDay.bars.last?.fraction == 0.3)
  }

  @Test func speedPerScriptBooksAndTotals() throws {
    let charts = try seededCharts()
    #expect(charts.speed.weeks.count == 26)
    #expect(charts.speed.series.map(\.script) == [.latin, .han])
    let latin = try #require(charts.speed.series.first)
    #expect(latin.title == "Latin · 1,000 characters a minute")
    #expect(latin.points.map(\.week) == [21, 25], "the weeks of 27 April and 25 May")
    #expect(latin.maximum == 1000 && latin.points.allSatisfy { $0.fraction == 1 })
    #expect(charts.speed.series.last?.points.map(\.charactersPerMinute) == [300])
    #expect(charts.totals.map(\.name) == ["Today", "This week", "This month"])
    #expect(charts.totals.first?.text == "30 min · 30 pages")
    #expect(charts.totals.last?.text == "2 h 40 min · 158 pages")
    #expect(charts.streakText == "2 days in a row · 2 at most")
    #expect(charts.books.map(\.title) == ["Emma", "Dream"])
    let emma = try #require(charts.books.first)
    #expect(emma.sessions == 4 && emma.pages == 170)
    #expect(emma.detail.hasPrefix("2 h 50 min · 4 sessions · 170 pages · 50% · done by 2026-"))
    #expect(!charts.isEmpty)
  }

  @Test func nothingReadDrawsEmptyChartsOnARoundScale() throws {
    let library = try Library(path: folder.libraryPath)
    _ = try Sample.addBook(library, "Emma")
    let charts = StatisticsCharts(
      report: try library.statisticsReport(now: now, timeZone: utc, weeks: 2))
    #expect(charts.isEmpty)
    #expect(
      charts.heatMap.count == 2 && charts.heatMap.flatMap(\.days).allSatisfy { $0.level == 0 })
    #expect(charts.timePerDay.bars.count == 11 && charts.timePerDay.maximum == 3600)
    #expect(charts.pagesPerDay.maximum == 10)
    #expect(charts.speed.series.isEmpty && charts.books.isEmpty)
    #expect(charts.streakText == "0 days in a row · 0 at most")
  }

  @Test func scalesAndLabels() {
    #expect(StatisticsCharts.timeScale(61 * 60) == 90 * 60)
    #expect(StatisticsCharts.numberScale(37) == 50 && StatisticsCharts.numberScale(101) == 200)
    #expect(StatisticsCharts.duration(7500) == "2 h 5 min")
    #expect(StatisticsCharts.grouped(1_234_567) == "1,234,567")
    #expect(StatisticsCharts.heatLevel(seconds: 0, pages: 2) == 1)
    #expect(
      StatisticsCharts.heatLegend == ["not read", "under 15 min", "15 min +", "30 min +", "1 h +"])
  }
}
