/// What drives a turn: its progress, or a drag point held at a grip.
public enum TurnInput: Sendable, Equatable {
  /// 0 shows the page being left, 1 the page arrived at; each effect chooses its own path.
  case progress(Float)
  /// The turning sheet's grip has been dragged to `point` (page pixels).
  ///
  /// The turning sheet is the leaving page in a forward turn and the returning (previous)
  /// page in a backward one. Its grip rests at `grip.point(...)` when the sheet lies flat
  /// and at the grip's mirror image across the spine when it is fully turned over, so a
  /// backward drag starts beyond the spine and comes back.
  case drag(grip: TurnGrip, point: TurnPoint)
}

/// One moment of a turn: the input, its direction and the page size.
public struct TurnState: Sendable, Equatable {
  public var input: TurnInput
  public var direction: TurnDirection
  public var width: Float
  public var height: Float

  /// Creates a state.
  public init(input: TurnInput, direction: TurnDirection = .forward, width: Float, height: Float) {
    self.input = input
    self.direction = direction
    self.width = width
    self.height = height
  }

  /// A state at `progress` on a page of the given size.
  public static func progress(
    _ progress: Float, direction: TurnDirection = .forward, width: Int, height: Int
  ) -> TurnState {
    TurnState(
      input: .progress(progress), direction: direction, width: Float(width),
      height: Float(height))
  }

  /// How far the turning sheet is turned over, 0 (flat on the page) to 1 (turned away).
  ///
  /// A forward turn's progress; a backward turn runs it from 1 down to 0.
  public var sheetTurn: Float {
    switch input {
    case .progress(let value):
      let progress = min(1, max(0, value.isFinite ? value : 0))
      return direction == .forward ? progress : 1 - progress
    case .drag(let grip, let point):
      let rest = grip.point(width: width, height: height)
      let away = grip.turnedPoint(width: width, height: height)
      let pathX = away.x - rest.x
      let pathY = away.y - rest.y
      let length = pathX * pathX + pathY * pathY
      guard length > 0, point.x.isFinite, point.y.isFinite else { return 0 }
      let along = ((point.x - rest.x) * pathX + (point.y - rest.y) * pathY) / length
      return min(1, max(0, along))
    }
  }

  /// The turn's progress, 0 (page left) to 1 (page arrived), in either direction.
  public var progress: Float { direction == .forward ? sheetTurn : 1 - sheetTurn }
}
