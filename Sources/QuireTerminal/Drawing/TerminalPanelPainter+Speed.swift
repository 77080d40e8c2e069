import QuireReading
import QuireUI

extension TerminalPanelPainter {
  /// Reading speed, a braille line a script (each cell two dots wide and four high): its
  /// title and speed, the scale on the left, the weeks along, the months under them.
  func speedLines(
    _ speed: StatisticsCharts.SpeedChart, heatMap: [StatisticsCharts.HeatWeek], width: Int
  ) -> [[Segment]] {
    var bold = colours.panel
    bold.bold = true
    var dim = colours.panel
    dim.dim = true
    var lines: [[Segment]] = [
      [
        Segment(
          text: ScreenPainter.fit("Reading speed, characters a minute, week by week", width: width),
          attributes: bold)
      ]
    ]
    if speed.series.isEmpty {
      lines.append([
        Segment(
          text: ScreenPainter.fit("No page has counted towards speed yet.", width: width),
          attributes: dim)
      ])
    }
    let height = StatisticsCellLayout.speedHeight
    for series in speed.series {
      lines.append([
        Segment(text: ScreenPainter.fit(series.title, width: width), attributes: plainBold)
      ])
      let axis = CellWidth.of(series.maximumLabel) + 2
      let cells = max(1, width - axis)
      let dots = Self.brailleLine(
        series.points.map { ((week: $0.week, of: speed.weeks.count), $0.fraction) }, columns: cells,
        rows: height)
      for row in 0..<height {
        let scale = row == 0 ? series.maximumLabel : row == height - 1 ? "0" : ""
        lines.append([
          Segment(
            text: String(repeating: " ", count: axis - 2 - CellWidth.of(scale)) + scale + " "
              + (row == 0 || row == height - 1 ? "┤" : "│"), attributes: dim),
          Segment(text: dots[row], attributes: chartInk),
        ])
      }
      var months = String(repeating: " ", count: axis)
      for (index, week) in heatMap.enumerated() {
        guard let month = week.monthLabel else { continue }
        let column = axis + (index * cells * 2 + cells) / max(1, speed.weeks.count * 2)
        if months.count <= column, column + CellWidth.of(month) <= width {
          months += String(repeating: " ", count: column - months.count) + month
        }
      }
      lines.append([Segment(text: months, attributes: dim)])
    }
    lines.append([])
    return lines
  }

  private var plainBold: CellGrid.Attributes {
    var bold = colours.panel
    bold.bold = true
    return bold
  }

  /// Points (the week of so many, the value's share of the scale) joined by a line, on
  /// `columns` × `rows` braille cells: the rows' text, top first.
  static func brailleLine(
    _ points: [((week: Int, of: Int), Double)], columns: Int, rows: Int
  ) -> [String] {
    let wide = columns * 2
    let high = rows * 4
    var dots = Array(repeating: Array(repeating: false, count: wide), count: high)
    let placed = points.map { point, fraction in
      (
        x: min(wide - 1, (2 * point.week + 1) * wide / max(1, 2 * point.of)),
        y: min(high - 1, max(0, Int(((1 - fraction) * Double(high - 1)).rounded())))
      )
    }
    for (index, point) in placed.enumerated() {
      // Each week's point a block of two by two dots, so that a lone week shows.
      for y in max(0, point.y - 1)...point.y {
        for x in point.x...min(wide - 1, point.x + 1) { dots[y][x] = true }
      }
      guard index > 0 else { continue }
      // A straight line from the point before (Bresenham's).
      let from = placed[index - 1]
      let steps = max(abs(point.x - from.x), abs(point.y - from.y))
      for step in 0...max(0, steps) {
        let t = steps == 0 ? 0 : Double(step) / Double(steps)
        let x = Int((Double(from.x) + t * Double(point.x - from.x)).rounded())
        let y = Int((Double(from.y) + t * Double(point.y - from.y)).rounded())
        dots[y][x] = true
      }
    }
    // A braille cell's dots: left column 1, 2, 3, 7; right column 4, 5, 6, 8.
    let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
    return (0..<rows).map { row in
      String(
        (0..<columns).map { column in
          var value: UInt32 = 0
          for dy in 0..<4 {
            for dx in 0..<2 where dots[row * 4 + dy][column * 2 + dx] {
              value |= bits[dy][dx]
            }
          }
          return value == 0 ? " " : Character(Unicode.Scalar(0x2800 + value)!)
        })
    }
  }
}
