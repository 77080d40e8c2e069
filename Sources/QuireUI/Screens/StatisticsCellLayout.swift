public import QuireReading

/// How many rows of terminal cells each part of the statistics panel takes, so that the
/// reducer knows how far the panel scrolls and the terminal draws exactly that.
public enum StatisticsCellLayout {
  /// Today, this week, this month, the days in a row, a blank row.
  public static let totalsRows = 5
  /// The heading, the months, a row a weekday, a blank row.
  public static let heatMapRows = 10
  /// The bars' height in rows (eight steps a row with ▁▂▃▄▅▆▇█).
  public static let barHeight = 6
  /// The heading, the bars, the days under them, a blank row.
  public static let barChartRows = barHeight + 3
  /// The speed line's height in rows (four braille dots a row).
  public static let speedHeight = 4
  /// A script's title, its line, the months under it.
  public static let speedSeriesRows = speedHeight + 2

  /// The panel's rows shown at once in a terminal of `rows` rows: all but its border, its
  /// hint and the blank above the hint.
  public static func rowsShown(terminalRows rows: Int) -> Int { max(1, rows - 4) }

  /// The rows the whole panel takes for `charts`.
  public static func lineCount(_ charts: StatisticsCharts) -> Int {
    let speed = 2 + max(1, charts.speed.series.count * speedSeriesRows)
    let books = 1 + max(1, charts.books.count * 2)
    return totalsRows + heatMapRows + 2 * barChartRows + speed + books
  }
}
