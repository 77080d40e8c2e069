public import QuireTypesetting

/// A part of the drawn HUD a front end can hit-test: where a tap or click lands.
public struct HUDRegion: Hashable, Sendable {
  /// What the region is.
  public enum Kind: Hashable, Sendable {
    case header
    case footer
    case progressBar
    /// The overlay's slider track: map a point's x with `progression(atX:)`.
    case slider
    case tableOfContents
    case bookmark
    case settings
    case search
    case bookmarks
    case library
    /// Starts reading aloud, or pauses and resumes it.
    case readAloud
  }

  public var kind: Kind
  /// The region in page pixels.
  public var frame: Rect

  /// Creates a region.
  public init(kind: Kind, frame: Rect) {
    self.kind = kind
    self.frame = frame
  }

  /// The button's label.
  public var label: String {
    switch kind {
    case .tableOfContents: "Contents"
    case .bookmark: "Bookmark"
    case .settings: "Settings"
    case .search: "Search"
    case .bookmarks: "Notes"
    case .library: "Library"
    case .readAloud: "Read aloud"
    case .header, .footer, .progressBar, .slider: ""
    }
  }

  /// Whether `point` lies inside the region.
  public func contains(_ point: Point) -> Bool {
    point.x >= frame.x && point.x < frame.maxX && point.y >= frame.y && point.y < frame.maxY
  }

  /// The book progression 0…1 that x means on a slider or progress bar.
  public func progression(atX x: Double) -> Double {
    guard frame.width > 0 else { return 0 }
    return min(max((x - frame.x) / frame.width, 0), 1)
  }
}
