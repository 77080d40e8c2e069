import QuireBook
import QuireTypesetting
import QuireUI

/// One frame of the terminal: a grid of styled cells that widgets draw into.
///
/// A wide character takes its cell and a continuation cell after it (empty text), so
/// columns stay the terminal's.
struct CellGrid: Equatable {
  /// How a cell looks, in colours already chosen from the theme.
  struct Attributes: Hashable {
    var foreground: Color?
    var background: Color?
    var bold = false
    var italic = false
    var underline = false
    var strikethrough = false
    var dim = false
    var reverse = false
    /// The underline's colour when it is not the text's (a highlight's underline).
    var underlineColor: Color?
  }

  struct Cell: Equatable {
    /// The character drawn; "" for the right half of a wide character.
    var text: String
    var attributes: Attributes
  }

  let columns: Int
  let rows: Int
  /// Characters of ambiguous width take two cells, as the terminal draws them.
  var ambiguousWide = false
  /// The terminal applies bidi itself: lines go to it in logical order.
  var terminalBidi = false
  private(set) var cells: [Cell]

  init(columns: Int, rows: Int, fill: Attributes) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(repeating: Cell(text: " ", attributes: fill), count: self.columns * self.rows)
  }

  subscript(column: Int, row: Int) -> Cell {
    get { cells[row * columns + column] }
    set { cells[row * columns + column] = newValue }
  }

  /// Writes `text` from a cell, clipped at `limit` columns (the grid's edge by default);
  /// returns the column after the last cell written.
  @discardableResult
  mutating func put(
    _ text: String, column: Int, row: Int, attributes: Attributes, limit: Int? = nil
  ) -> Int {
    guard row >= 0, row < rows else { return column }
    let end = min(columns, limit ?? columns)
    var x = column
    for character in text {
      let width =
        character.unicodeScalars.first.map { CellWidth.of($0, ambiguousWide: ambiguousWide) } ?? 1
      if width == 0 {
        if x > 0, x - 1 < end { self[x - 1, row].text.append(character) }
        continue
      }
      guard x >= 0, x + width <= end else { break }
      self[x, row] = Cell(text: String(character), attributes: attributes)
      if width == 2 { self[x + 1, row] = Cell(text: "", attributes: attributes) }
      x += width
    }
    return x
  }

  /// Writes a line of text that is not a page's (a title, the status line, a panel's row)
  /// in visual order (`Typesetting.visualLine`), so that a title in Hebrew or Arabic reads
  /// right to left in a terminal that draws cells left to right; as given when the terminal
  /// applies bidi itself. `direction` is the line's base direction: the interface's (left
  /// to right), or nil for a book's own text (its first strong letter's).
  @discardableResult
  mutating func putLine(
    _ text: String, column: Int, row: Int, attributes: Attributes, limit: Int? = nil,
    direction: ParagraphStyle.Direction? = .leftToRight
  ) -> Int {
    put(
      terminalBidi ? text : Typesetting.visualLine(text, direction: direction), column: column,
      row: row, attributes: attributes, limit: limit)
  }

  /// Fills a rectangle with blanks of `attributes`.
  mutating func fill(column: Int, row: Int, width: Int, height: Int, attributes: Attributes) {
    for y in max(0, row)..<min(rows, row + height) {
      for x in max(0, column)..<min(columns, column + width) {
        self[x, y] = Cell(text: " ", attributes: attributes)
      }
    }
  }

  /// The text of a row, for tests and logs.
  func text(ofRow row: Int) -> String {
    (0..<columns).map { self[$0, row].text }.joined()
  }
}
