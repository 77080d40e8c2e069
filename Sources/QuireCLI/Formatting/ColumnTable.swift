/// A table with a header row and aligned columns, for `quire library list` and
/// `quire stats`: columns are as wide as their widest cell (in terminal columns), and the
/// one flexible column is cut with "…" so that lines fit the width.
struct ColumnTable {
  /// A column's heading and how its cells align.
  struct Column {
    var heading: String
    var alignsRight = false
  }

  var columns: [Column]
  var rows: [[String]] = []
  /// The column cut first when lines are too long (the title).
  var flexibleColumn: Int?

  /// The table as lines, each ending in a newline, fitted to `width` where possible.
  func render(width: Int) -> String {
    var widths = columns.indices.map { index in
      ([columns[index].heading] + rows.map { $0[index] }).map { DisplayWidth.of($0) }.max() ?? 0
    }
    let separators = 2 * (columns.count - 1)
    if let flexible = flexibleColumn {
      let others = widths.enumerated().filter { $0.offset != flexible }.reduce(0) {
        $0 + $1.element
      }
      widths[flexible] = max(20, min(widths[flexible], width - separators - others))
    }
    let header = columns.map(\.heading)
    return ([header] + rows).map { line(cells: $0, widths: widths) }.joined()
  }

  private func line(cells: [String], widths: [Int]) -> String {
    var parts: [String] = []
    for (index, cell) in cells.enumerated() {
      let fitted = Self.truncated(cell, to: widths[index])
      let isLast = index == cells.count - 1
      if columns[index].alignsRight {
        parts.append(fitted.leftPadded(to: widths[index]))
      } else {
        parts.append(isLast ? fitted : fitted.padded(to: widths[index]))
      }
    }
    return parts.joined(separator: "  ") + "\n"
  }

  /// `text` cut to `width` terminal columns, ending in "…" when cut.
  static func truncated(_ text: String, to width: Int) -> String {
    guard DisplayWidth.of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let columns = DisplayWidth.of(character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }
}
