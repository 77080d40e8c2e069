/// Where on the page a turn is held: a corner or the middle of an edge.
///
/// A corner grip curls the page diagonally; an edge grip folds it parallel to that edge.
public enum TurnGrip: Sendable, Equatable, CaseIterable {
  case topLeft, top, topRight, right, bottomRight, bottom, bottomLeft, left

  /// The grip's point on a page of the given size (edges: their middle).
  public func point(width: Float, height: Float) -> TurnPoint {
    switch self {
    case .topLeft: TurnPoint(x: 0, y: 0)
    case .top: TurnPoint(x: width / 2, y: 0)
    case .topRight: TurnPoint(x: width, y: 0)
    case .right: TurnPoint(x: width, y: height / 2)
    case .bottomRight: TurnPoint(x: width, y: height)
    case .bottom: TurnPoint(x: width / 2, y: height)
    case .bottomLeft: TurnPoint(x: 0, y: height)
    case .left: TurnPoint(x: 0, y: height / 2)
    }
  }

  /// Where the grip lands when the sheet is turned right over: its mirror image across
  /// the spine, the edge opposite the grip (for a corner, the side edge opposite it).
  public func turnedPoint(width: Float, height: Float) -> TurnPoint {
    let rest = point(width: width, height: height)
    switch self {
    case .topRight, .right, .bottomRight: return TurnPoint(x: -rest.x, y: rest.y)
    case .topLeft, .left, .bottomLeft: return TurnPoint(x: 2 * width - rest.x, y: rest.y)
    case .top: return TurnPoint(x: rest.x, y: 2 * height)
    case .bottom: return TurnPoint(x: rest.x, y: -rest.y)
    }
  }

  /// Whether the grip is a corner (diagonal curl) rather than an edge.
  public var isCorner: Bool {
    switch self {
    case .topLeft, .topRight, .bottomRight, .bottomLeft: true
    default: false
    }
  }

  /// The turning sheet's grip for a press at `y` on a page `height` tall: the top or bottom
  /// right corner near those edges, the right edge in the middle third. (The sheet turns
  /// about the left spine in both directions: forward it leaves, backward it returns.)
  public static func forward(pressY y: Float, height: Float) -> TurnGrip {
    if y < height / 3 { return .topRight }
    if y > height * 2 / 3 { return .bottomRight }
    return .right
  }
}

/// A point in page pixels: x to the right, y down, origin at the top-left corner.
public struct TurnPoint: Sendable, Equatable {
  public var x: Float
  public var y: Float

  /// Creates a point.
  public init(x: Float, y: Float) {
    self.x = x
    self.y = y
  }
}
