import QuireReading
import QuireUI

extension TerminalPanelPainter {
  /// A run of a line with one look.
  struct Segment {
    var text: String
    var attributes: CellGrid.Attributes
  }

  /// The statistics panel: a box as wide as the terminal allows (up to 120 cells), the
  /// charts drawn in it with block and braille characters — the totals, the heat map of
  /// days read (░▒▓█ by time read, weeks as columns), time and pages a day as bars of
  /// ▁▂▃▄▅▆▇█, speed as a braille line per script, the books — from the panel's `scroll`
  /// row. Every mark is a character, so it reads the same without colours (`NO_COLOR`).
  func drawStatistics(_ panel: Panel, into grid: inout CellGrid) {
    guard let charts = panel.charts else { return }
    let width = min(grid.columns - 2, 120)
    guard width >= 20, grid.rows >= 6 else { return }
    let lines = statisticsLines(charts, width: width - 4)
    let shown = min(StatisticsCellLayout.rowsShown(terminalRows: grid.rows), max(1, lines.count))
    let start = max(0, min(panel.scroll, lines.count - shown))
    let height = shown + 4
    let (left, top) = box(width: width, height: height, title: panel.title, &grid)
    for (offset, line) in lines.dropFirst(start).prefix(shown).enumerated() {
      var column = left + 2
      for segment in line {
        column = grid.put(
          segment.text, column: column, row: top + 1 + offset, attributes: segment.attributes,
          limit: left + width - 2)
      }
    }
    drawFoot(
      panel.hint, shown: start..<start + shown, of: lines.count, left: left, top: top,
      width: width, height: height, into: &grid)
  }

  /// Every line of the panel, `StatisticsCellLayout.lineCount` of them, `width` cells wide
  /// at most.
  func statisticsLines(_ charts: StatisticsCharts, width: Int) -> [[Segment]] {
    var lines: [[Segment]] = []
    let plain = colours.panel
    var bold = plain
    bold.bold = true
    var dim = plain
    dim.dim = true
    // The totals.
    for total in charts.totals {
      lines.append([
        Segment(text: pad(total.name, 12), attributes: bold),
        .init(text: total.text, attributes: plain),
      ])
    }
    lines.append([
      Segment(text: pad("In a row", 12), attributes: bold),
      .init(text: charts.streakText, attributes: plain),
    ])
    lines.append([])
    lines += heatMapLines(charts.heatMap, width: width)
    lines += barLines(charts.timePerDay, width: width)
    lines += barLines(charts.pagesPerDay, width: width)
    lines += speedLines(charts.speed, heatMap: charts.heatMap, width: width)
    lines.append([Segment(text: "Books", attributes: bold)])
    if charts.books.isEmpty {
      lines.append([
        Segment(
          text: ScreenPainter.fit(
            "No reading sessions yet: they are recorded while you read.", width: width),
          attributes: dim)
      ])
    }
    for book in charts.books {
      lines.append([Segment(text: ScreenPainter.fit(book.title, width: width), attributes: bold)])
      lines.append([
        Segment(text: "  " + ScreenPainter.fit(book.detail, width: width - 2), attributes: plain)
      ])
    }
    return lines
  }

  /// What the charts' marks are drawn in: the accent's colour on the panel, or bold
  /// without colours.
  var chartInk: CellGrid.Attributes {
    var ink = colours.panel
    ink.foreground = colours.accent.foreground ?? ink.foreground
    ink.bold = colours.accent.bold
    return ink
  }

  /// `text` padded with spaces to `width` cells.
  func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - CellWidth.of(text)))
  }
}
