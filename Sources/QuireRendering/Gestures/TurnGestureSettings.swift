/// The tuning of `TurnGesture`: page size, thresholds and animation timing.
public struct TurnGestureSettings: Sendable, Equatable {
  /// The page (window) size in pixels.
  public var width: Float
  public var height: Float
  /// How far a press must move (pixels) before it is a drag rather than a tap.
  public var dragThreshold: Float = 8
  /// A release moving faster than this (pixels a second, horizontally) is a flick: it
  /// completes the turn when it goes the turn's way and cancels it when it goes back.
  public var flickVelocity: Float = 900
  /// How far back (seconds) release velocity is measured over.
  public var velocityWindow: Double = 0.06
  /// Seconds the animation takes for a whole turn; a remainder takes its share.
  public var fullTurnDuration: Double = 0.45
  /// The shortest animation, so a nearly finished turn still visibly settles.
  public var minimumDuration: Double = 0.06
  /// What a tap does where it lands.
  public var zones = TapZones.standard
  /// The book turns its pages right to left: the gesture mirrors every point it is given,
  /// so a drag to the right turns forward and the tap zones are mirrored, and its states
  /// are in that mirrored frame, for a `MirroredTurnEffect` to draw.
  public var rightToLeft = false

  /// Settings for a page of the given size with the default feel.
  public init(width: Float, height: Float) {
    self.width = width
    self.height = height
  }
}

/// What the front end should do in response to input.
public enum TurnGestureAction: Sendable, Equatable {
  /// A tap in the middle third: show or hide the HUD.
  case toggleHUD
  /// A turn has begun: have the target page (next or previous) ready to draw.
  case beganTurn(TurnDirection)
  /// The turn's animation is over; when `completed` the target page is now current.
  case finishedTurn(TurnDirection, completed: Bool)
}

/// What a tap does in each cell of a 3×3 grid over the page (Legado's tap grid): the left
/// column turns back, the right one forward and the middle shows the menu by default.
public struct TapZones: Sendable, Equatable, CustomStringConvertible {
  public enum Action: Character, Sendable, Equatable {
    case back = "b"
    case forward = "f"
    case menu = "m"
  }

  /// Row by row, top first, three actions a row.
  public var grid: [Action]

  /// Left back, middle menu, right forward in every row.
  public static let standard = TapZones(grid: [
    .back, .menu, .forward, .back, .menu, .forward, .back, .menu, .forward,
  ])

  /// Zones from nine letters, row by row (`b` back, `f` forward, `m` menu), spaces and
  /// commas ignored: `"bmf bmf bmf"` is the standard grid, `"bmf fmf fff"` turns forward
  /// from most of the page. Nil when the text is not nine such letters.
  public init?(_ text: String) {
    let letters = text.filter { !$0.isWhitespace && $0 != "," && $0 != "/" }
    let grid = letters.compactMap { Action(rawValue: Character($0.lowercased())) }
    guard grid.count == 9, letters.count == 9 else { return nil }
    self.grid = grid
  }

  init(grid: [Action]) {
    self.grid = grid
  }

  /// The action for a tap at (`x`, `y`) on a page `width`×`height`.
  public func action(atX x: Float, y: Float, width: Float, height: Float) -> Action {
    let column = min(2, max(0, Int(x / max(1, width) * 3)))
    let row = min(2, max(0, Int(y / max(1, height) * 3)))
    return grid[row * 3 + column]
  }

  /// The nine letters in three groups: `bmf bmf bmf`.
  public var description: String {
    stride(from: 0, to: 9, by: 3).map { start in
      String(grid[start..<start + 3].map(\.rawValue))
    }.joined(separator: " ")
  }
}
