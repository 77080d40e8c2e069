public import QuireTypesetting

/// Everything a reader can set about how a book's pages are laid out and drawn.
///
/// Only some fields move page breaks (`layoutHash` covers those); the theme changes how a
/// page is drawn, never what is on it. How pages turn is a front end's preference
/// (`Preferences.turnMode`, QuireRendering's `TurnMode`), not the session's.
public struct ReadingSettings: Hashable, Sendable, Codable {
  /// What a page is measured in: pixels with real fonts, or terminal cells.
  public enum Backend: String, Hashable, Sendable, Codable, CaseIterable {
    /// Real fonts (HarfBuzz, FreeType), sizes and positions in pixels.
    case pixels
    /// Terminal cells: one cell a character, two for East Asian wide ones; the page size
    /// is in cells, and the font size and line height are one cell whatever they say.
    case cells
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
  /// Horizontal or vertical lines, or as the book says (`.auto`); in the layout hash
  /// unless `.auto`.
  public var writingMode = LayoutSettings.WritingModeChoice.auto
  /// A theme name ("day", "sepia", "night"); the renderer's business.
  public var theme: String
  /// Page width and height in pixels.
  public var pageWidth: Double
  public var pageHeight: Double
  /// Pixels or cells; part of the layout hash, so cell and pixel page breaks are cached
  /// apart.
  public var backend: Backend = .pixels
  /// On cells, characters of ambiguous East Asian width take two cells, for terminals that
  /// draw them wide; part of the layout hash when on.
  public var ambiguousWide = false
  /// On cells, ruby readings in parentheses after their bases or left out; part of the
  /// layout hash when hidden.
  public var terminalRuby = TerminalRuby.parentheses

  /// Creates settings; the defaults are DESIGN.md's reference page: 600×800 px, 16 px serif.
  public init(
    fontFamily: String? = nil, fontSize: Double = 16, lineHeight: Double = 1.4,
    margins: EdgeInsets = EdgeInsets(all: 50), justification: Bool = true, hyphenation: Bool = true,
    theme: String = "day", pageWidth: Double = 600, pageHeight: Double = 800
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
  }
}
