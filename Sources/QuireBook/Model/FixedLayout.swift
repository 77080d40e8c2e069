/// A page drawn whole at the size its designer gave it, then scaled to fit the screen:
/// an EPUB fixed-layout document (`rendition:layout pre-paginated`, EPUB 3.3 §8.2) instead
/// of text reflowed to the reader's page.
public struct FixedLayout: Hashable, Sendable, Codable {
  /// Which page of a two-page spread the document is (`page-spread-left`, `-right`,
  /// `rendition:page-spread-center`).
  public enum SpreadSide: String, Hashable, Sendable, Codable {
    case left
    case right
    case center
  }

  /// When a book's fixed-layout pages are shown two at a time (`rendition:spread`, EPUB
  /// 3.3 §8.2.4): never, only when the window is wider than tall (`landscape`, and `auto`
  /// as reading systems take it), or in any window wide enough for two (`both`).
  public enum Spread: String, Hashable, Sendable, Codable {
    case none
    case landscape
    case auto
    case both
  }

  /// Where one page of a book's reading order goes when pages are paired in spreads,
  /// known from the package (or the comic) without converting the page.
  public struct Placement: Hashable, Sendable, Codable {
    /// The side the book puts the page on; nil to take the next free one.
    public var side: SpreadSide?
    /// Shown alone, never beside another page (`rendition:spread-none`, a cover).
    public var isAlone: Bool

    /// A placement on `side` (nil: the next free one), alone or not.
    public init(side: SpreadSide? = nil, isAlone: Bool = false) {
      self.side = side
      self.isAlone = isAlone
    }
  }

  /// The largest viewport side taken as given (CSS pixels); a larger one (a hostile
  /// 100,000-pixel page) is scaled down to it, keeping its proportions.
  public static let maxSide = 8192.0

  /// The viewport: the content's `meta viewport` or SVG `viewBox`, in CSS pixels.
  public var width: Double
  public var height: Double
  /// Where the page sits in a spread, when the book says.
  public var spreadSide: SpreadSide?
  /// `rendition:spread none`: the page is shown alone, never beside another.
  public var isAlone = false

  /// A page of `width × height` CSS pixels, brought within `maxSide` (and at least one
  /// pixel) with its proportions kept.
  public init(width: Double, height: Double, spreadSide: SpreadSide? = nil) {
    var width = width.isFinite ? max(1, width) : 1
    var height = height.isFinite ? max(1, height) : 1
    let scale = min(1, Self.maxSide / max(width, height))
    width = max(1, (width * scale).rounded())
    height = max(1, (height * scale).rounded())
    self.width = width
    self.height = height
    self.spreadSide = spreadSide
  }
}
