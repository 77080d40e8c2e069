public import QuireTypesetting

/// Everything a reader can set about how a book looks and turns.
///
/// Only some fields move page breaks (`layoutHash` covers those); the theme and the turn
/// mode change how a page is drawn or animated, never what is on it.
public struct ReadingSettings: Hashable, Sendable, Codable {
  /// How a page turn is animated; drawn by the front end, irrelevant to layout.
  ///
  /// The raw values are those of QuireRendering's `TurnMode`, which a front end builds
  /// from this setting (QuireReading does not depend on the renderer).
  public enum TurnMode: String, Hashable, Sendable, Codable, CaseIterable {
    case curl
    case leaf
    case slide
    case cover
    case scroll
    case none
  }

  /// Body font family (a fontconfig name); nil uses the typesetter's default (EB Garamond).
  public var fontFamily: String?
  /// Body font size in pixels.
  public var fontSize: Double
  /// Distance between baselines as a multiple of the font size.
  public var lineHeight: Double
  /// Page margins in pixels.
  public var margins: EdgeInsets
  /// Whether body paragraphs the book sets justified stay justified (false: ragged right).
  public var justification: Bool
  public var hyphenation: Bool
  /// Whether the book's own fonts (`@font-face`) are used; off, the reader's fonts set
  /// everything (KOReader's and Apple Books' "publisher fonts" switch).
  public var embeddedFonts = true
  /// A theme name ("day", "sepia", "night"); the renderer's business.
  public var theme: String
  /// Page width and height in pixels.
  public var pageWidth: Double
  public var pageHeight: Double
  public var turnMode: TurnMode

  /// Creates settings; the defaults are DESIGN.md's reference page: 600×800 px, 16 px serif.
  public init(
    fontFamily: String? = nil, fontSize: Double = 16, lineHeight: Double = 1.4,
    margins: EdgeInsets = EdgeInsets(all: 50), justification: Bool = true, hyphenation: Bool = true,
    theme: String = "day", pageWidth: Double = 600, pageHeight: Double = 800,
    turnMode: TurnMode = .curl
  ) {
    self.fontFamily = fontFamily
    self.fontSize = fontSize
    self.lineHeight = lineHeight
    self.margins = margins
    self.justification = justification
    self.hyphenation = hyphenation
    self.theme = theme
    self.pageWidth = pageWidth
    self.pageHeight = pageHeight
    self.turnMode = turnMode
  }
}
