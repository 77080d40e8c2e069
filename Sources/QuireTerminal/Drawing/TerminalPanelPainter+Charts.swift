import QuireReading
import QuireUI

extension TerminalPanelPainter {
  /// Heat-map marks by level: not read, then more and more time read.
  static let heatMarks: [Character] = ["·", "░", "▒", "▓", "█"]
  /// Eighths of a cell, for bars.
  static let eighths: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// The heat map: a column a week (two cells, three when there is room), a row a weekday,
  /// the months above, the levels' meaning on the right.
  func heatMapLines(_ weeks: [StatisticsCharts.HeatWeek], width: Int) -> [[Segment]] {
    var bold = colours.panel
    bold.bold = true
    var dim = colours.panel
    dim.dim = true
    let label = 4
    let legend = 3 + (StatisticsCharts.heatLegend.map(\.count).max() ?? 0)
    let cell = max(1, min(3, (width - label - legend) / max(1, weeks.count)))
    let shown = Array(weeks.suffix(max(1, (width - label - legend) / cell)))
    var lines: [[Segment]] = [
      [Segment(text: "Days read, last \(shown.count) weeks", attributes: bold)]
    ]
    var months = String(repeating: " ", count: label)
    for (index, week) in shown.enumerated() {
      let column = label + index * cell
      if let month = week.monthLabel, months.count <= column, column + month.count <= width {
        months += String(repeating: " ", count: column - months.count) + month
      }
    }
    lines.append([Segment(text: months, attributes: dim)])
    let meaning = StatisticsCharts.heatLegend
    for weekday in 0..<7 {
      let name = ["Mon", "", "Wed", "", "Fri", "", "Sun"][weekday]
      var line = [Segment(text: pad(name, label), attributes: dim)]
      for week in shown {
        guard week.days.indices.contains(weekday) else {
          line.append(Segment(text: String(repeating: " ", count: cell), attributes: colours.panel))
          continue
        }
        let level = week.days[weekday].level
        let mark = String(repeating: String(Self.heatMarks[level]), count: max(1, cell - 1))
        line.append(
          Segment(text: mark + (cell > 1 ? " " : ""), attributes: level > 0 ? chartInk : dim))
      }
      if weekday < 5 {
        line.append(
          Segment(
            text: " " + String(Self.heatMarks[weekday]) + " ",
            attributes: weekday > 0 ? chartInk : dim))
        line.append(Segment(text: meaning[weekday], attributes: dim))
      }
      lines.append(line)
    }
    lines.append([])
    return lines
  }

  /// A bar chart: the scale on the left, a bar a day (▁…█, eight steps a row), the day of
  /// the month under every seventh bar.
  func barLines(_ chart: StatisticsCharts.BarChart, width: Int) -> [[Segment]] {
    var bold = colours.panel
    bold.bold = true
    var dim = colours.panel
    dim.dim = true
    let height = StatisticsCellLayout.barHeight
    let axis = max(CellWidth.of(chart.maximumLabel), 1) + 2
    let cell = max(1, min(3, (width - axis) / max(1, chart.bars.count)))
    let bars = Array(chart.bars.suffix(max(1, (width - axis) / cell)))
    var lines: [[Segment]] = [
      [
        Segment(
          text: ScreenPainter.fit(chart.title + " · " + chart.summary, width: width),
          attributes: bold)
      ]
    ]
    for row in 0..<height {
      let scale = row == 0 ? chart.maximumLabel : row == height - 1 ? "0" : ""
      var line = [
        Segment(
          text: String(repeating: " ", count: axis - 2 - CellWidth.of(scale)) + scale + " "
            + (row == 0 || row == height - 1 ? "┤" : "│"),
          attributes: dim)
      ]
      let floor = (height - 1 - row) * 8
      for bar in bars {
        let eighths = Int((bar.fraction * Double(height * 8)).rounded())
        let fill = max(0, min(8, eighths - floor))
        let mark = String(repeating: String(Self.eighths[fill]), count: max(1, cell - 1))
        line.append(Segment(text: mark + (cell > 1 ? " " : ""), attributes: chartInk))
      }
      lines.append(line)
    }
    var days = String(repeating: " ", count: axis)
    for (index, bar) in bars.enumerated() {
      guard let label = bar.label else { continue }
      let column = axis + index * cell
      if days.count <= column, column + label.count <= width {
        days += String(repeating: " ", count: column - days.count) + label
      }
    }
    lines.append([Segment(text: days, attributes: dim)])
    lines.append([])
    return lines
  }
}
