/// Everything a reader can set about how a book looks and turns.
///
/// Only some fields move page breaks (`layoutHash` covers those); the theme and the turn
/// mode change how a page is drawn or animated, never what is on it.
public struct ReadingSettings: Hashable, Sendable, Codable {
  /// How a page turn is animated; drawn by the front end, irrelevant to layout.
  public enum TurnMode: String, Hashable, Sendable, Codable, CaseIterable {
    case curl
    case leaf
    case slide
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
  public var margins: Margins
  /// Whether body paragraphs the book sets justified stay justified (false: ragged right).
  public var justification: Bool
  public var hyphenation: Bool
  /// A theme name ("day", "sepia", "night"); the renderer's business.
  public var theme: String
  /// Page width and height in pixels.
  public var pageWidth: Double
  public var pageHeight: Double
  public var turnMode: TurnMode

  /// Space around the text area, in pixels.
  public struct Margins: Hashable, Sendable, Codable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    /// Creates margins.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
      self.top = top
      self.left = left
      self.bottom = bottom
      self.right = right
    }

    /// The same margin on every side.
    public init(all margin: Double) {
      self.init(top: margin, left: margin, bottom: margin, right: margin)
    }
  }

  /// Creates settings; the defaults are DESIGN.md's reference page: 600×800 px, 16 px serif.
  public init(
    fontFamily: String? = nil, fontSize: Double = 16, lineHeight: Double = 1.4,
    margins: Margins = Margins(all: 50), justification: Bool = true, hyphenation: Bool = true,
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
