public import QuireTypesetting

/// A drawn page: its pixels and where the HUD's controls are.
public struct RenderedPage: Hashable, Sendable {
  public var image: RGBAImage
  /// The HUD's hit-test regions (empty without a HUD), for the front end to drive it.
  public var hudRegions: [HUDRegion]
  /// For each picture of the page drawn as a placeholder, why ("OEBPS/map.jpg: image not
  /// decoded: …"), in page order.
  public var pictureProblems: [String]

  /// Creates a rendered page.
  public init(image: RGBAImage, hudRegions: [HUDRegion] = [], pictureProblems: [String] = []) {
    self.image = image
    self.hudRegions = hudRegions
    self.pictureProblems = pictureProblems
  }

  /// The topmost HUD region under `point`, if any.
  public func hudRegion(at point: Point) -> HUDRegion? {
    hudRegions.last { $0.contains(point) }
  }
}
