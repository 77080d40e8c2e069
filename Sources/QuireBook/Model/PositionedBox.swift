/// Where an absolutely positioned block of a fixed-layout page goes (CSS `position:
/// absolute` with `left`, `top`, `width`, `height`): a box of the page's designed viewport
/// that its paragraphs are set in, at its place rather than in the page's flow. Only a
/// fixed-layout page (`StyledText.fixedLayout`) places them; reflowed text flows them.
public struct PositionedBox: Hashable, Sendable, Codable {
  /// A length along one side of the viewport.
  public enum Length: Hashable, Sendable, Codable {
    /// CSS pixels of the designed viewport.
    case pixels(Double)
    /// Percent of the viewport's side.
    case percent(Double)

    /// The length in CSS pixels of a viewport side `side` pixels long.
    public func pixels(of side: Double) -> Double {
      switch self {
      case .pixels(let value): value
      case .percent(let value): value / 100 * side
      }
    }
  }

  /// Tells the boxes of a chapter apart: the paragraphs of one box share it.
  public var id: Int
  public var left: Length
  public var top: Length
  /// Nil: to the viewport's right (or bottom) edge.
  public var width: Length?
  public var height: Length?

  /// A box with its place and size.
  public init(id: Int, left: Length, top: Length, width: Length? = nil, height: Length? = nil) {
    self.id = id
    self.left = left
    self.top = top
    self.width = width
    self.height = height
  }
}
