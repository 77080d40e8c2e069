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

  /// How far the statistics panel scrolls: in a terminal, until its last row is the last
  /// shown (`StatisticsCellLayout.rowsShown`); in a window (which scrolls in proportion,
  /// `Panel.scrollLimit`), by rows of a panel's height.
  func statisticsScrollLimit(_ charts: StatisticsCharts) -> Int {
    let shown =
      switch viewport {
      case .cells(_, let rows): StatisticsCellLayout.rowsShown(terminalRows: rows)
      case .pixels: max(1, visibleRows - 2)
      }
    return max(0, StatisticsCellLayout.lineCount(charts) - shown)
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
