import QuireReading

/// `quire stats --svg FILE`: the statistics screens' charts (`StatisticsCharts`) as one
/// standalone SVG to share — the totals, the heat map of days read, time and pages a day
/// as bars, speed week by week as a line per script, and the books.
///
/// Every figure comes from the charts value; this only places it. Bars and heat-map
/// squares carry their day and value (`data-date`, `data-value`) so a script can read
/// them back.
struct StatisticsSVG {
  let charts: StatisticsCharts
  /// When the report was made, for the heading.
  let generatedAt: String

  static let width = 820.0
  /// The heat map's colours, level 0 (not read) to 4 (an hour or more).
  static let heatColours = ["#e8e6df", "#c6e48b", "#7bc96f", "#239a3b", "#196127"]
  static let barColour = "#3b6ea5"
  static let speedColours = ["#c0392b", "#8e44ad", "#16a085", "#d35400"]

  private var body: [String] = []
  private var y = 0.0

  init(charts: StatisticsCharts, generatedAt: String) {
    self.charts = charts
    self.generatedAt = generatedAt
  }

  /// The whole document.
  func document() -> String {
    var writer = self
    writer.y = 40
    writer.text("Reading statistics", x: 24, y: writer.y, size: 22, weight: "bold")
    writer.text(
      String(generatedAt.prefix(10)), x: Self.width - 24, y: writer.y, size: 13,
      anchor: "end", colour: "#666")
    writer.y += 30
    // The totals side by side, a column each.
    let column = (Self.width - 48) / Double(max(1, charts.totals.count))
    for (index, total) in charts.totals.enumerated() {
      let x = 24 + Double(index) * column
      writer.text(total.name, x: x, y: writer.y, size: 12, colour: "#666")
      writer.text(total.text, x: x, y: writer.y + 18, size: 15, weight: "bold")
    }
    writer.y += 42
    writer.text(charts.streakText, x: 24, y: writer.y, size: 14, colour: "#444")
    writer.y += 24
    writer.heatMap()
    writer.bars(charts.timePerDay, name: "time")
    writer.bars(charts.pagesPerDay, name: "pages")
    writer.speed()
    writer.books()
    let height = (writer.y + 16).rounded()
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(Self.width)) \(Int(height))" font-family="DejaVu Sans, sans-serif">
      <rect width="100%" height="100%" fill="#fbfaf7"/>

      """ + writer.body.joined(separator: "\n") + "\n</svg>\n"
  }

  // MARK: - Charts

  private mutating func heatMap() {
    heading("Days read, last \(charts.heatMap.count) weeks")
    let side = 18.0
    let step = side + 4
    let left = 64.0
    let top = y + 18
    for (column, week) in charts.heatMap.enumerated() {
      let x = left + Double(column) * step
      if let label = week.monthLabel {
        text(label, x: x, y: top - 6, size: 11, colour: "#555")
      }
      for (row, day) in week.days.enumerated() {
        body.append(
          "<rect class=\"day\" data-date=\"\(day.date)\" data-value=\"\(Int(day.timeRead))\" "
            + "data-level=\"\(day.level)\" x=\"\(x)\" y=\"\(top + Double(row) * step)\" "
            + "width=\"\(side)\" height=\"\(side)\" rx=\"3\" fill=\"\(Self.heatColours[day.level])\">"
            + "<title>\(day.date): \(StatisticsCharts.duration(day.timeRead)), \(day.pages) pages"
            + "</title></rect>")
      }
    }
    for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri"), (6, "Sun")] {
      text(name, x: left - 10, y: top + Double(row) * step + 13, size: 11, anchor: "end")
    }
    // The legend: the levels' colours, and what they mean.
    let legendX = left + Double(charts.heatMap.count) * step + 12
    for level in 0..<5 {
      body.append(
        "<rect x=\"\(legendX)\" y=\"\(top + Double(level) * step)\" width=\"\(side)\" "
          + "height=\"\(side)\" rx=\"3\" fill=\"\(Self.heatColours[level])\"/>")
      let meaning = StatisticsCharts.heatLegend[level]
      text(meaning, x: legendX + side + 6, y: top + Double(level) * step + 13, size: 11)
    }
    y = top + 7 * step + 24
  }

  /// The bars of `chart`, a scale on the left and day-of-month labels underneath.
  private mutating func bars(_ chart: StatisticsCharts.BarChart, name: String) {
    heading(chart.title + " · " + chart.summary)
    let left = 100.0
    let height = 120.0
    let top = y + 10
    let width = Self.width - left - 30
    let step = chart.bars.isEmpty ? width : width / Double(chart.bars.count)
    body.append(
      "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left + width)\" y2=\"\(top)\" stroke=\"#ddd\"/>")
    body.append(
      "<line x1=\"\(left)\" y1=\"\(top + height)\" x2=\"\(left + width)\" "
        + "y2=\"\(top + height)\" stroke=\"#888\"/>")
    text(chart.maximumLabel, x: left - 8, y: top + 4, size: 11, anchor: "end")
    text("0", x: left - 8, y: top + height + 4, size: 11, anchor: "end")
    for (index, bar) in chart.bars.enumerated() {
      let x = left + Double(index) * step + 1.5
      let barHeight = (bar.fraction * height * 10).rounded() / 10
      body.append(
        "<rect class=\"bar \(name)\" data-date=\"\(bar.date)\" data-value=\"\(Self.number(bar.value))\" "
          + "x=\"\(Self.number(x))\" y=\"\(Self.number(top + height - barHeight))\" "
          + "width=\"\(Self.number(max(1, step - 3)))\" height=\"\(Self.number(barHeight))\" "
          + "fill=\"\(Self.barColour)\"/>")
      if let label = bar.label {
        text(label, x: x + step / 2 - 1.5, y: top + height + 16, size: 11, anchor: "middle")
      }
    }
    y = top + height + 40
  }

  private mutating func speed() {
    heading("Reading speed, characters a minute, week by week")
    guard !charts.speed.series.isEmpty else {
      text("No page has counted towards speed yet.", x: 24, y: y + 14, size: 13, colour: "#666")
      y += 40
      return
    }
    let left = 100.0
    let height = 90.0
    let width = Self.width - left - 30
    let weeks = max(1, charts.speed.weeks.count)
    let step = width / Double(weeks)
    for (number, series) in charts.speed.series.enumerated() {
      let colour = Self.speedColours[number % Self.speedColours.count]
      text(series.title, x: 24, y: y + 14, size: 13, colour: colour)
      let top = y + 26
      body.append(
        "<line x1=\"\(left)\" y1=\"\(top + height)\" x2=\"\(left + width)\" "
          + "y2=\"\(top + height)\" stroke=\"#888\"/>")
      text(series.maximumLabel, x: left - 8, y: top + 4, size: 11, anchor: "end")
      text("0", x: left - 8, y: top + height + 4, size: 11, anchor: "end")
      let points = series.points.map { point in
        (left + (Double(point.week) + 0.5) * step, top + height - point.fraction * height, point)
      }
      let path = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
      body.append(
        "<polyline class=\"speed\" points=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" "
          + "stroke-width=\"2\"/>")
      for (pointX, pointY, point) in points {
        body.append(
          "<circle class=\"speed-point\" data-week=\"\(charts.speed.weeks[point.week])\" "
            + "data-value=\"\(Int(point.charactersPerMinute.rounded()))\" "
            + "cx=\"\(Self.number(pointX))\" cy=\"\(Self.number(pointY))\" r=\"3\" "
            + "fill=\"\(colour)\"/>")
      }
      for (index, week) in charts.heatMap.enumerated() where week.monthLabel != nil {
        text(
          week.monthLabel ?? "", x: left + (Double(index) + 0.5) * step, y: top + height + 16,
          size: 11, anchor: "middle")
      }
      y = top + height + 32
    }
  }

  private mutating func books() {
    heading("Books")
    if charts.books.isEmpty {
      text("No reading sessions yet: they are recorded while you read.", x: 24, y: y + 14, size: 13)
      y += 30
    }
    for book in charts.books {
      y += 20
      text(book.title, x: 24, y: y, size: 13, weight: "bold")
      y += 18
      text(book.detail, x: 24, y: y, size: 12, colour: "#444")
    }
    y += 10
  }

  // MARK: - Text

  private mutating func heading(_ title: String) {
    y += 16
    text(title, x: 24, y: y, size: 15, weight: "bold")
    y += 10
  }

  private mutating func text(
    _ content: String, x: Double, y: Double, size: Double, weight: String = "normal",
    anchor: String = "start", colour: String = "#222"
  ) {
    body.append(
      "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\" "
        + "font-weight=\"\(weight)\" text-anchor=\"\(anchor)\" fill=\"\(colour)\">"
        + Self.escaped(content) + "</text>")
  }

  /// A coordinate with at most one decimal.
  static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// Text safe inside an element: `&`, `<`, `>` and quotes escaped, and control characters
  /// XML does not allow dropped.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      default:
        if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
