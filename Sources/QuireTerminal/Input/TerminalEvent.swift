import QuireUI

/// What the terminal said: a key, or a mouse action at a cell (from 0).
enum TerminalEvent: Hashable, Sendable {
  case key(KeyChord)
  /// The left button went down at a cell.
  case press(column: Int, row: Int)
  /// The pointer moved to a cell with the left button held.
  case drag(column: Int, row: Int)
  /// The left button came up at a cell.
  case release(column: Int, row: Int)
  /// The wheel turned: up (-1) or down (+1).
  case wheel(Int)
}
