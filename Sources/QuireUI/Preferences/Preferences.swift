/// What a reader has chosen about how books look and behave, in every front end alike.
///
/// Stored in `$XDG_CONFIG_HOME/quire/preferences.json` (`PreferencesFile`). Each field has
/// an allowed range or set (`PreferenceKey`), checked when the file is read and when
/// `quire config set` writes it.
public struct Preferences: Hashable, Sendable {
  /// Body font family (a fontconfig family name); nil for Quire's default (EB Garamond).
  public var fontFamily: String?
  /// Body text size in pixels at scale 1.
  public var fontSize: Double = 18
  /// Baseline distance as a multiple of the font size.
  public var lineHeight: Double = 1.4
  /// Page margins in pixels at scale 1.
  public var margins: Double = 48
  public var justification = true
  public var hyphenation = true
  /// The book's own fonts (`@font-face`).
  public var embeddedFonts = true
  /// auto (as the book says), horizontal (every book), or vertical (Chinese, Japanese
  /// and Korean books set in columns).
  public var writingMode = "auto"
  /// Leave out the lines download sites put into TXT books (their address, credits,
  /// adverts) and running headers that repeat the title.
  public var removeSiteJunk = true
  /// Show Chinese books in another script: "off", or an OpenCC conversion (`s2t`, `t2s`,
  /// `s2tw`, `s2hk`, `tw2sp`…, `ScriptConversion`).
  public var chineseConversion = "off"
  /// A built-in theme name (day, sepia, night) or the path of a theme file.
  public var theme = "day"
  /// The page-turn animation (curl, leaf, slide, cover, scroll, none).
  public var turnMode = "curl"
  /// What the status line or HUD shows, in order.
  public var hudItems: [String] = ["chapter", "page", "percent", "time-left"]
  /// The terminal reader's text column, in cells.
  public var terminalColumnWidth = 66
  /// Two pages side by side when the terminal has at least this many columns (0: never).
  public var spreadMinimumColumns = 150
  /// Characters of ambiguous East Asian width (“ ” … ①) take two cells, as some
  /// terminals draw them.
  public var ambiguousWide = false
  /// The terminal applies the bidi algorithm itself (mlterm, Konsole or GNOME Terminal with
  /// bidi on): right-to-left text is written in logical order. Off, Quire writes every
  /// line in visual order, as terminals that draw cells left to right need.
  public var terminalBidi = false
  /// How the terminal shows images: auto (detect), kitty, sixel, or none (a framed
  /// placeholder with the alt text).
  public var terminalImages = "auto"
  /// How the terminal shows ruby: "parentheses" (吾輩(わがはい)) or "hidden" (the base alone).
  public var terminalRuby = "parentheses"
  /// Whether the status line is shown.
  public var statusLine = true
  /// Pages side by side in the window: auto (when it is wider than tall), one, or two.
  public var windowPages = "auto"
  /// What a tap does in each ninth of the window, row by row: `b` back, `f` forward, `m`
  /// the menu (`TapZones`).
  public var tapZones = "bmf bmf bmf"
  /// Pages change without an animation.
  public var reduceMotion = false
  /// The dictionaries a look-up asks, by id or name, in order (`quire lookup --list`
  /// shows them); empty asks every installed dictionary that suits the book's language.
  public var dictionaries: [String] = []
  /// The window's size in points and its position (-1: centred), as it was last left.
  public var windowWidth = 1200
  public var windowHeight = 900
  public var windowX = -1
  public var windowY = -1
  /// Who reads aloud: auto (speech-dispatcher when its daemon answers, else espeak-ng),
  /// espeak-ng, or speech-dispatcher.
  public var speechEngine = "auto"
  /// The voice for text in its language; nil: chosen by the text's language.
  public var speechVoice: String?
  /// Words a minute (espeak-ng's scale; 175 is its default).
  public var speechRate = 175
  /// 0…100, 50 the voice's own.
  public var speechPitch = 50
  /// Images are read as their alternative text.
  public var speechReadsAltText = false
  /// Ruby is read as its reading rather than its base text.
  public var speechReadsRuby = false
  /// Auto turn keeps a page this many seconds; 0: as long as the reader's measured speed
  /// takes to read it.
  public var autoTurnSeconds = 0

  /// The defaults.
  public init() {}

  /// The size a reset returns to.
  public static let defaultFontSize = 18.0
}
