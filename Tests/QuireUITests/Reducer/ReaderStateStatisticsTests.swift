import Foundation
import QuireBook
import QuireReading
import QuireUI
import Testing

/// The statistics panel through the reducer: `S` asks for the statistics, they open the
/// panel with the charts, the arrows scroll it within its rows, and `S` or Esc closes it.
@Suite struct ReaderStateStatisticsTests {
  /// Charts of a day's reading: an hour today, half an hour a week ago.
  private func charts() -> StatisticsCharts {
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    let sessions = [now - 3600, now - 7 * 86_400].enumerated().map { index, start in
      ReadingSessionRecord(
        id: index + 1, bookID: 1, startedAt: start, endedAt: start + 1800,
        charactersRead: 30_000, pagesTurned: 30,
        timing: ReadingTiming(speedSeconds: 1800, timeRead: 1800, pagesRead: 30, script: .latin))
    }
    return StatisticsCharts(
      report: StatisticsReport(
        sessions: sessions, books: [], now: now, timeZone: TimeZone(identifier: "UTC")!))
  }

  @Test func sOpensTheChartsWhichScrollWithinTheirRowsAndSClosesThem() throws {
    var state = try ReducerFixtures.state()
    #expect(state.reduce(.command(.statistics)) == [.readStatistics])
    let charts = charts()
    _ = state.reduce(.statisticsRead(charts))
    let panel = try #require(state.screen.panel)
    #expect(panel.kind == .statistics && panel.charts == charts && panel.scroll == 0)
    #expect(panel.title == "Reading statistics")
    // Down a row, then a screen at a time, never past the last screen of rows.
    _ = state.reduce(.command(.moveDown))
    #expect(state.screen.panel?.scroll == 1)
    for _ in 0..<20 { _ = state.reduce(.command(.pageDownInPanel)) }
    // In 40 rows, 36 of the panel's show: the last scroll puts its last row last.
    let last = try #require(state.screen.panel?.scroll)
    #expect(last == StatisticsCellLayout.lineCount(charts) - 36)
    #expect(state.screen.panel?.scrollLimit == last)
    _ = state.reduce(.command(.moveUp))
    #expect(state.screen.panel?.scroll == last - 1)
    // Read again (the panel open), the place is kept.
    _ = state.reduce(.statisticsRead(charts))
    #expect(state.screen.panel?.scroll == last - 1)
    // S in the panel (its layer's next-sort key) closes it, as Esc does.
    _ = state.reduce(.command(.nextSort))
    #expect(state.screen.panel == nil)
    _ = state.reduce(.statisticsRead(charts))
    _ = state.reduce(.command(.dismiss))
    #expect(state.screen.panel == nil)
  }

  @Test func withoutALibraryOrWhenItCannotBeReadItIsSaid() throws {
    var without = try ReducerFixtures.state(hasLibrary: false)
    #expect(without.reduce(.command(.statistics)).isEmpty)
    #expect(without.screen.message?.text.contains("no statistics without a library") == true)
    var state = try ReducerFixtures.state()
    _ = state.reduce(.statisticsUnreadable(reason: "locked"))
    #expect(state.screen.panel == nil)
    #expect(
      state.screen.message
        == .init(text: "The statistics could not be read: locked", isError: true))
  }

  @Test func theKeyIsSInTheReadingLayerAndNamedInHelp() {
    let keys = KeyMap.standard.keys(for: .statistics, in: .reading).map(\.description)
    #expect(keys == ["S"])
    #expect(
      KeyMap.standard.helpEntries(in: .reading).contains {
        $0.summary == "Reading statistics" && $0.keys.map(\.description) == ["S"]
      })
  }
}
