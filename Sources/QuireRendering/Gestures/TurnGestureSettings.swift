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
