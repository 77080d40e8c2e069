import Foundation
import QuireUI

/// Turns the mouse's presses, drags and releases into what they mean for the reader: a
/// click, a selection started (a word on a double-click, the paragraph on a triple one),
/// a selection extended by a drag.
///
/// A click on text waits `doubleClickTime` for a second press before it acts (turns or
/// follows a link), so that a double-click selects a word and turns nothing; a click off
/// the text acts at once. Pure: times are given, and a wait is a generation number the
/// loop hands back when its time is up.
struct PointerTracker {
  /// What a mouse event does.
  enum Action: Equatable {
    /// A click at a cell: links, tap zones, closing a panel.
    case click(column: Int, row: Int)
    /// Select the unit at a cell.
    case select(column: Int, row: Int, unit: Selection.Unit)
    /// Move the selection's end to a cell.
    case extend(column: Int, row: Int)
    /// Wait for a second click; `timedOut(generation)` after the wait says what to do.
    case wait(generation: Int)
  }

  /// How long after a click a second one makes a double-click.
  static let doubleClickTime: TimeInterval = 0.35

  private var pressed: (column: Int, row: Int, count: Int)?
  private var dragging = false
  private var lastRelease: (time: TimeInterval, column: Int, row: Int, count: Int)?
  private var pending: (generation: Int, column: Int, row: Int)?
  private var generation = 0

  /// The left button went down.
  mutating func press(column: Int, row: Int, at time: TimeInterval) -> [Action] {
    var count = 1
    if let last = lastRelease, time - last.time <= Self.doubleClickTime,
      abs(last.column - column) <= 1, last.row == row
    {
      count = last.count + 1
    }
    pressed = (column, row, count)
    dragging = false
    guard count >= 2 else { return [] }
    pending = nil
    return [.select(column: column, row: row, unit: count == 2 ? .word : .paragraph)]
  }

  /// The pointer moved with the button held: the first move starts a selection at the
  /// press (by character; after a double-click the selected word stays the anchor).
  mutating func drag(column: Int, row: Int) -> [Action] {
    guard let start = pressed else { return [] }
    var actions: [Action] = []
    if !dragging {
      dragging = true
      pending = nil
      if start.count == 1 {
        actions.append(.select(column: start.column, row: start.row, unit: .character))
      }
    }
    return actions + [.extend(column: column, row: row)]
  }

  /// The button came up: after a drag or a double-click nothing more; a click on text
  /// waits for a second one, a click elsewhere acts now.
  mutating func release(column: Int, row: Int, at time: TimeInterval, onText: Bool) -> [Action] {
    guard let start = pressed else { return [] }
    pressed = nil
    lastRelease = (time, start.column, start.row, start.count)
    guard !dragging, start.count == 1 else { return [] }
    guard onText else { return [.click(column: start.column, row: start.row)] }
    generation += 1
    pending = (generation, start.column, start.row)
    return [.wait(generation: generation)]
  }

  /// The wait of `generation` is over: the click it held, unless a second press came.
  mutating func timedOut(generation: Int) -> Action? {
    guard let pending, pending.generation == generation, pressed == nil else { return nil }
    self.pending = nil
    return .click(column: pending.column, row: pending.row)
  }
}
