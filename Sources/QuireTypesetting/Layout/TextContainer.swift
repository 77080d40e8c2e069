/// The area text is set in: a page size, margins, and exclusion paths to flow around.
public struct TextContainer: Hashable, Sendable {
  /// Page width and height in pixels (or cells).
  public var width: Double
  public var height: Double
  public var margins: EdgeInsets
  /// Shapes in page coordinates that no glyph may enter.
  public var exclusionPaths: [ExclusionPath]
  /// Free intervals narrower than this are left empty.
  public var minimumSegmentWidth: Double

  /// Creates a container for pages of `width × height` with the given margins.
  public init(
    width: Double, height: Double, margins: EdgeInsets, exclusionPaths: [ExclusionPath] = [],
    minimumSegmentWidth: Double = 64
  ) {
    self.width = width
    self.height = height
    self.margins = margins
    self.exclusionPaths = exclusionPaths
    self.minimumSegmentWidth = minimumSegmentWidth
  }

  /// The text area: the page minus its margins.
  public var contentRect: Rect {
    Rect(
      x: margins.left, y: margins.top, width: max(0, width - margins.left - margins.right),
      height: max(0, height - margins.top - margins.bottom))
  }

  /// The part of the text area between a left and a right indent, before exclusion paths.
  ///
  /// Indents wider than the text area (nested blockquotes on a narrow page or terminal)
  /// shrink in proportion, so that a line always keeps a quarter of the width.
  public func span(left: Double = 0, right: Double = 0) -> ClosedRange<Double> {
    let content = contentRect
    var left = max(0, left)
    var right = max(0, right)
    let allowed = content.width * 0.75
    if left + right > allowed {
      let scale = allowed / (left + right)
      left *= scale
      right *= scale
    }
    return (content.x + left)...max(content.x + left, content.maxX - right)
  }

  /// The free horizontal intervals of the text area within the band `top..<bottom`.
  ///
  /// A line takes one segment per interval, left to right.
  public func freeIntervals(top: Double, bottom: Double, left: Double = 0, right: Double = 0)
    -> [ClosedRange<Double>]
  {
    var free = [span(left: left, right: right)]
    for path in exclusionPaths {
      guard let cut = path.horizontalExtent(top: top, bottom: bottom) else { continue }
      var next: [ClosedRange<Double>] = []
      for interval in free {
        if cut.upperBound <= interval.lowerBound || cut.lowerBound >= interval.upperBound {
          next.append(interval)
          continue
        }
        if cut.lowerBound > interval.lowerBound {
          next.append(interval.lowerBound...cut.lowerBound)
        }
        if cut.upperBound < interval.upperBound {
          next.append(cut.upperBound...interval.upperBound)
        }
      }
      free = next
    }
    return free.filter { $0.upperBound - $0.lowerBound >= minimumSegmentWidth }
  }
}
