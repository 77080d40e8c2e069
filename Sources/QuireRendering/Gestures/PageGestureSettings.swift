/// The tuning of `PageGesture`'s selection side: how long a hold is, what makes a
/// double-click, and where a press always turns.
public struct PageGestureSettings: Sendable, Equatable {
  /// Seconds a press held still on text takes to select the word there (about half a
  /// second, as on a touch screen).
  public var holdDuration: Double = 0.5
  /// Seconds within which a second press makes a double-click (and a tap on text waits
  /// that long before it acts).
  public var multiClickTime: Double = 0.35
  /// How far (pixels) a second press may land from the first and still count.
  public var multiClickDistance: Float = 8
  /// The band along the left and right edges, a fraction of the width, where a press
  /// always turns (the outer margins).
  public var edgeBand: Float = 0.04
  /// The corners' squares, a fraction of the shorter side, where a press always turns.
  public var cornerSize: Float = 0.1

  /// The default feel.
  public init() {}
}

/// What the front end should do for a press on the page.
public enum PageGestureAction: Sendable, Equatable {
  /// What a selection starts with: a word (a hold or a double-click) or the paragraph (a
  /// triple-click).
  public enum Unit: Sendable, Equatable {
    case word
    case paragraph
  }

  /// What the turn machine asks for (a turn began or ended, the HUD toggled).
  case turn(TurnGestureAction)
  /// Select the `unit` at a point (window pixels, as given).
  case select(at: TurnPoint, unit: Unit)
  /// Move the selection's end to a point.
  case extendSelection(to: TurnPoint)
  /// The button went up after selecting: the front end shows its menu by the selection.
  case selectionReleased(at: TurnPoint)
}
