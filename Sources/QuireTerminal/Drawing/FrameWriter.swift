/// Turns a frame into the bytes that draw it over the last one: only the cells that
/// changed, with the fewest cursor moves and SGR changes, all in one buffer for one
/// `write` (no flicker).
struct FrameWriter {
  let colors: ColorMode
  private var last: CellGrid?

  init(colors: ColorMode) { self.colors = colors }

  /// Forgets the last frame, so the next one is drawn whole (after a resize).
  mutating func invalidate() { last = nil }

  /// The bytes that turn the screen into `grid`.
  mutating func bytes(for grid: CellGrid) -> [UInt8] {
    var out = ""
    out.reserveCapacity(grid.columns * grid.rows)
    let previous = last.flatMap { $0.columns == grid.columns && $0.rows == grid.rows ? $0 : nil }
    if previous == nil { out += "\u{1B}[0m\u{1B}[2J" }
    var current: CellGrid.Attributes?
    var cursor: (column: Int, row: Int)?
    for row in 0..<grid.rows {
      var column = 0
      while column < grid.columns {
        let cell = grid[column, row]
        if let previous, previous[column, row] == cell {
          column += 1
          continue
        }
        if cell.text.isEmpty {
          // The right half of a wide character: drawn with its left half.
          column += 1
          continue
        }
        if cursor == nil || cursor! != (column, row) {
          out += "\u{1B}[\(row + 1);\(column + 1)H"
        }
        if current != cell.attributes {
          out += sgr(cell.attributes)
          current = cell.attributes
        }
        out += cell.text
        let width = column + 1 < grid.columns && grid[column + 1, row].text.isEmpty ? 2 : 1
        column += width
        cursor = (column, row)
      }
    }
    if current != nil { out += "\u{1B}[0m" }
    last = grid
    return Array(out.utf8)
  }

  /// The SGR sequence for a cell's attributes, from a reset.
  func sgr(_ attributes: CellGrid.Attributes) -> String {
    var parameters = ["0"]
    if attributes.bold { parameters.append("1") }
    if attributes.dim { parameters.append("2") }
    if attributes.italic { parameters.append("3") }
    if attributes.underline { parameters.append("4") }
    if attributes.reverse { parameters.append("7") }
    if attributes.strikethrough { parameters.append("9") }
    if colors != .none {
      if let foreground = attributes.foreground {
        parameters.append(colors.parameters(foreground, background: false))
      }
      if let background = attributes.background {
        parameters.append(colors.parameters(background, background: true))
      }
      // An underline's own colour (SGR 58), where the terminal has more than 16 colours;
      // one that does not know it keeps its plain underline.
      if attributes.underline, let colour = attributes.underlineColor, colors != .ansi16 {
        let background = colors.parameters(colour, background: true)
        parameters.append("58" + background.dropFirst(2))
      }
    }
    return "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }
}
