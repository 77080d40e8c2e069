import QuireBook
import QuireReading
import QuireRendering
import QuireTypesetting
import QuireUI

/// Draws `StatisticsCharts` with Quire's own renderer on a layer `width` pixels wide: the
/// window's statistics panel. Everything is placed from the top down; `height(of:)` says
/// how tall the whole is, so the panel can scroll it.
struct StatisticsChartsDrawing {
  let renderer: PageRenderer
  let theme: Theme
  /// The text size, in pixels.
  let size: Double
  /// Pixels per point.
  let scale: Double
  let width: Double

  var barsHeight: Double { (110 * scale).rounded() }
  var speedHeight: Double { (80 * scale).rounded() }
  var axisWidth: Double { (80 * scale).rounded() }
  var line: Double { (size * 1.6).rounded() }

  /// The height of everything drawn for `charts`.
  func height(of charts: StatisticsCharts) -> Double {
    var image = RGBAImage(width: 1, height: 1)
    return draw(charts, top: 0, into: &image, measuring: true)
  }

  /// Draws every chart from `top`; returns the y under the last.
  @discardableResult
  func draw(
    _ charts: StatisticsCharts, top: Double, into image: inout RGBAImage, measuring: Bool = false
  ) -> Double {
    var y = top
    var pen = Pen(drawing: self, image: image, measuring: measuring)
    // The totals, three tiles.
    let gap = size
    let tile = (width - 2 * gap) / 3
    for (index, total) in charts.totals.enumerated() {
      let box = Rect(x: Double(index) * (tile + gap), y: y, width: tile, height: line * 2.2)
      pen.fill(box, theme.track.withAlpha(50), radius: 8 * scale)
      pen.label(total.name, x: box.x + size * 0.6, y: box.y + size * 0.3, width: tile, small: true)
      pen.label(total.text, x: box.x + size * 0.6, y: box.y + line, width: tile - size, bold: true)
    }
    y += line * 2.2 + size * 0.5
    pen.label(charts.streakText, x: 0, y: y, width: width, small: true)
    y += line * 1.4
    y = heatMap(charts.heatMap, top: y, pen: &pen)
    y = bars(charts.timePerDay, top: y, pen: &pen)
    y = bars(charts.pagesPerDay, top: y, pen: &pen)
    y = speed(charts.speed, months: charts.heatMap, top: y, pen: &pen)
    pen.label("Books", x: 0, y: y, width: width, bold: true)
    y += line
    for book in charts.books {
      pen.label(book.title, x: 0, y: y, width: width, bold: true)
      pen.label(book.detail, x: size, y: y + line * 0.9, width: width - size, small: true)
      y += line * 2
    }
    if charts.books.isEmpty {
      pen.label("No reading sessions yet.", x: 0, y: y, width: width, small: true)
      y += line
    }
    image = pen.image
    return y - top
  }

  /// The colour of a heat level: the accent, stronger with the level; a faint square for a
  /// day not read.
  func heatColour(_ level: Int) -> Color {
    level == 0
      ? theme.secondaryText.withAlpha(36)
      : theme.accent.withAlpha(UInt8([0, 80, 135, 190, 255][min(4, level)]))
  }

  private func heatMap(_ weeks: [StatisticsCharts.HeatWeek], top: Double, pen: inout Pen)
    -> Double
  {
    pen.label("Days read, last \(weeks.count) weeks", x: 0, y: top, width: width, bold: true)
    let label = (40 * scale).rounded()
    let legend = (120 * scale).rounded()
    let step = min(
      (22 * scale).rounded(),
      ((width - label - legend) / Double(max(1, weeks.count))).rounded(.down))
    let side = step - max(2, (3 * scale).rounded())
    let gridTop = top + line * 1.9
    for (column, week) in weeks.enumerated() {
      let x = label + Double(column) * step
      if let month = week.monthLabel {
        pen.label(month, x: x, y: gridTop - line * 0.9, width: step * 4, small: true)
      }
      for (row, day) in week.days.enumerated() {
        pen.fill(
          Rect(x: x, y: gridTop + Double(row) * step, width: side, height: side),
          heatColour(day.level), radius: 3 * scale)
      }
    }
    for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri"), (6, "Sun")] {
      pen.label(
        name, x: 0, y: gridTop + Double(row) * step - size * 0.25, width: label, small: true)
    }
    let legendX = label + Double(weeks.count) * step + size
    for (level, meaning) in StatisticsCharts.heatLegend.enumerated() {
      let y = gridTop + Double(level) * step
      pen.fill(
        Rect(x: legendX, y: y, width: side, height: side), heatColour(level), radius: 3 * scale)
      pen.label(meaning, x: legendX + step, y: y - size * 0.25, width: legend, small: true)
    }
    return gridTop + 7 * step + line * 0.6
  }

  private func bars(_ chart: StatisticsCharts.BarChart, top: Double, pen: inout Pen) -> Double {
    pen.label(chart.title + " · " + chart.summary, x: 0, y: top, width: width, bold: true)
    let chartTop = top + line * 1.3
    let baseline = chartTop + barsHeight
    let area = width - axisWidth
    let step = area / Double(max(1, chart.bars.count))
    pen.fill(Rect(x: axisWidth, y: chartTop, width: area, height: 1), theme.track.withAlpha(90))
    axis(maximum: chart.maximumLabel, top: chartTop, baseline: baseline, width: area, pen: &pen)
    for (index, bar) in chart.bars.enumerated() {
      let x = axisWidth + Double(index) * step
      let height = (bar.fraction * barsHeight).rounded()
      pen.fill(
        Rect(
          x: (x + step * 0.15).rounded(), y: baseline - height,
          width: max(1, (step * 0.7).rounded()), height: height),
        theme.accent)
      if let label = bar.label {
        pen.label(
          label, x: x - step, y: baseline + size * 0.2, width: step * 3, small: true, centred: true)
      }
    }
    return baseline + line * 1.6
  }

  /// A chart's baseline across `width` and its scale at the left: `maximum` level with the
  /// chart's top, 0 with its baseline.
  private func axis(maximum: String, top: Double, baseline: Double, width: Double, pen: inout Pen) {
    pen.fill(
      Rect(x: axisWidth, y: baseline, width: width, height: max(1, scale)), theme.secondaryText)
    for (label, y) in [(maximum, top), ("0", baseline)] {
      pen.label(
        label, x: 0, y: y - size * 0.6, width: axisWidth - size * 0.5, small: true, right: true)
    }
  }

  private func speed(
    _ chart: StatisticsCharts.SpeedChart, months: [StatisticsCharts.HeatWeek], top: Double,
    pen: inout Pen
  ) -> Double {
    pen.label(
      "Reading speed, characters a minute, week by week", x: 0, y: top, width: width, bold: true)
    var y = top + line * 1.2
    if chart.series.isEmpty {
      pen.label("No page has counted towards speed yet.", x: 0, y: y, width: width, small: true)
      return y + line * 1.4
    }
    let area = width - axisWidth
    let step = area / Double(max(1, chart.weeks.count))
    for series in chart.series {
      pen.label(series.title, x: 0, y: y, width: width, small: true)
      let chartTop = y + line * 1.2
      let baseline = chartTop + speedHeight
      axis(maximum: series.maximumLabel, top: chartTop, baseline: baseline, width: area, pen: &pen)
      let points = series.points.map {
        (x: axisWidth + (Double($0.week) + 0.5) * step, y: baseline - $0.fraction * speedHeight)
      }
      let thickness = max(2, 2.5 * scale)
      for (from, to) in zip(points, points.dropFirst()) {
        let length = max(abs(to.x - from.x), abs(to.y - from.y))
        for t in stride(from: 0.0, through: 1, by: 1 / max(1, length)) {
          let x = from.x + (to.x - from.x) * t
          let y = from.y + (to.y - from.y) * t
          pen.fill(
            Rect(x: x - thickness / 2, y: y - thickness / 2, width: thickness, height: thickness),
            theme.accent)
        }
      }
      let dot = thickness * 2.4
      for point in points {
        pen.fill(
          Rect(x: point.x - dot / 2, y: point.y - dot / 2, width: dot, height: dot), theme.accent,
          radius: dot / 2)
      }
      for (index, week) in months.enumerated() {
        guard let month = week.monthLabel else { continue }
        pen.label(
          month, x: axisWidth + Double(index) * step, y: baseline + size * 0.2, width: step * 4,
          small: true)
      }
      y = baseline + line * 1.5
    }
    return y
  }
}

/// Where `StatisticsChartsDrawing` draws, or only measures.
private struct Pen {
  let drawing: StatisticsChartsDrawing
  var image: RGBAImage
  let measuring: Bool

  mutating func fill(_ rect: Rect, _ colour: Color, radius: Double = 0) {
    guard !measuring, rect.maxY >= 0, rect.y <= Double(image.height) else { return }
    if radius > 0 {
      image.fillRoundedRect(rect, radius: radius, color: colour)
    } else {
      image.fill(rect, color: colour)
    }
  }

  mutating func label(
    _ text: String, x: Double, y: Double, width: Double, bold: Bool = false, small: Bool = false,
    right: Bool = false, centred: Bool = false
  ) {
    let size = drawing.size * (small ? 0.86 : 1)
    let box = Rect(x: x, y: y, width: width, height: drawing.line)
    guard !measuring, box.maxY >= 0, box.y <= Double(image.height) else { return }
    drawing.renderer.drawLabel(
      text, in: box, size: size, weight: bold ? 700 : 400,
      color: small ? drawing.theme.secondaryText : drawing.theme.panelText,
      alignment: right ? .right : centred ? .center : .left, into: &image)
  }
}

extension Color {
  /// The colour with another alpha.
  fileprivate func withAlpha(_ alpha: UInt8) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }
}
