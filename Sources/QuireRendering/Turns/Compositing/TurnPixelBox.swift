/// A rectangle of whole pixels: the columns and rows it spans.
package struct TurnPixelBox: Hashable, Sendable {
  package var x: Range<Int>
  package var y: Range<Int>

  /// Creates a box of the columns `x` and rows `y`.
  package init(x: Range<Int>, y: Range<Int>) {
    self.x = x
    self.y = y
  }

  /// Whether it holds no pixel.
  package var isEmpty: Bool { x.isEmpty || y.isEmpty }

  /// The smallest box holding both.
  package func union(_ other: TurnPixelBox) -> TurnPixelBox {
    if other.isEmpty { return self }
    if isEmpty { return other }
    return TurnPixelBox(
      x: min(x.lowerBound, other.x.lowerBound)..<max(x.upperBound, other.x.upperBound),
      y: min(y.lowerBound, other.y.lowerBound)..<max(y.upperBound, other.y.upperBound))
  }

  /// The smallest box holding both, either of which may be nil.
  package static func union(_ a: TurnPixelBox?, _ b: TurnPixelBox?) -> TurnPixelBox? {
    guard let a else { return b }
    guard let b else { return a }
    return a.union(b)
  }
}
