import QuireReading

extension ReaderState {
  /// The statistics panel; nil for a command of another feature.
  mutating func reduceStatistics(_ command: ReaderCommand) -> [ReaderEffect]? {
    guard command == .statistics else { return nil }
    guard hasLibrary else {
      say("There are no statistics without a library: books open from files.")
      return []
    }
    return [.readStatistics]
  }

  /// How far the statistics panel scrolls: until its last row is on the screen's last.
  func statisticsScrollLimit(_ charts: StatisticsCharts) -> Int {
    max(0, StatisticsCellLayout.lineCount(charts) - max(1, visibleRows - 2))
  }

  /// Takes in the statistics: the panel opens on them (or shows them afresh, where it was
  /// scrolled to).
  mutating func statisticsRead(_ charts: StatisticsCharts) {
    if case .statistics(_, let scroll) = panel {
      panel = .statistics(charts, scroll: scroll)
    } else {
      panel = .statistics(charts, scroll: 0)
    }
  }
}
