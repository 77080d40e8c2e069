import QuireUI

/// What the terminal said: a key, or a mouse action at a cell (from 0).
enum TerminalEvent: Hashable, Sendable {
  case key(KeyChord)
  /// A left click (press) at a cell.
  case click(column: Int, row: Int)
  /// The wheel turned: up (-1) or down (+1).
  case wheel(Int)
}
