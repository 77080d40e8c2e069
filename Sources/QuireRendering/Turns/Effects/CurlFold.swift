import Foundation

/// The cylinder a curling page wraps around, and the page-curl deformation.
///
/// Measure a page point's distance `s` from the axis line towards the lifted side. Points
/// with `s ≤ 0` lie flat; points with `0 < s < πr` are rolled onto the cylinder of radius
/// `r` (angle `θ = s / r`, seen from above at `r·sin θ` past the axis); points past half the
/// circumference come back flat on top, mirrored, at `πr − s` past the axis. So the flat
/// back of the page is the front mirrored across the line `s = πr/2`.
public struct CurlFold: Sendable, Equatable {
  /// A point on the axis line, in page pixels.
  public var axis: TurnPoint
  /// Unit normal of the axis pointing to the lifted side of the page.
  public var direction: TurnPoint
  /// Radius of the cylinder in pixels (0 for a sharp fold).
  public var radius: Float

  /// Creates a fold.
  public init(axis: TurnPoint, direction: TurnPoint, radius: Float) {
    self.axis = axis
    self.direction = direction
    self.radius = radius
  }

  /// Half the circumference: where the rolled part comes back flat.
  public var halfCircumference: Float { Float.pi * radius }

  /// The signed distance of a page point from the axis towards the lifted side.
  public func distance(_ x: Float, _ y: Float) -> Float {
    (x - axis.x) * direction.x + (y - axis.y) * direction.y
  }

  /// How far past the axis (along `direction`) a point at distance `s` is seen from above.
  public func projectedDistance(_ s: Float) -> Float {
    if s <= 0 { return s }
    if s < halfCircumference { return radius * sin(s / radius) }
    return halfCircumference - s
  }

  /// Where the page point (x, y) is seen once the page is curled.
  public func place(_ x: Float, _ y: Float) -> TurnPoint {
    let s = distance(x, y)
    let shift = projectedDistance(s) - s
    return TurnPoint(x: x + shift * direction.x, y: y + shift * direction.y)
  }
}
