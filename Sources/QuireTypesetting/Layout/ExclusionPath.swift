/// A shape that text flows around (TextKit's `exclusionPaths`, seed 003).
public enum ExclusionPath: Hashable, Sendable {
  case rectangle(Rect)
  /// The ellipse inscribed in the rectangle.
  case ellipse(Rect)
  /// A closed polygon through the points.
  case polygon([Point])

  /// The horizontal extent the shape covers within the band `top..<bottom`, if any.
  ///
  /// Exact for rectangles and ellipses; for polygons the extent of the band's slice
  /// (vertices inside the band plus edge crossings at its top and bottom), which covers
  /// the shape's slice, so no text enters it.
  func horizontalExtent(top: Double, bottom: Double) -> ClosedRange<Double>? {
    switch self {
    case .rectangle(let rect):
      guard rect.y < bottom, rect.maxY > top, rect.width > 0 else { return nil }
      return rect.x...rect.maxX
    case .ellipse(let rect):
      guard rect.y < bottom, rect.maxY > top, rect.width > 0, rect.height > 0 else { return nil }
      let centerY = rect.y + rect.height / 2
      let radiusY = rect.height / 2
      // The band's point nearest the centre has the widest chord.
      let nearest = min(max(centerY, top), bottom)
      let t = (nearest - centerY) / radiusY
      let half = rect.width / 2 * (max(0, 1 - t * t)).squareRoot()
      let centerX = rect.x + rect.width / 2
      return (centerX - half)...(centerX + half)
    case .polygon(let points):
      guard points.count >= 3 else { return nil }
      var low = Double.infinity
      var high = -Double.infinity
      for (index, a) in points.enumerated() {
        let b = points[(index + 1) % points.count]
        if a.y >= top && a.y <= bottom {
          low = min(low, a.x)
          high = max(high, a.x)
        }
        for edgeY in [top, bottom] where (a.y - edgeY) * (b.y - edgeY) < 0 {
          let x = a.x + (edgeY - a.y) / (b.y - a.y) * (b.x - a.x)
          low = min(low, x)
          high = max(high, x)
        }
      }
      return low <= high ? low...high : nil
    }
  }
}
