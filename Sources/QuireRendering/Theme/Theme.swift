public import QuireBook

/// The colours a page is drawn in: data, so that a reader can add its own (Codable).
///
/// `day`, `sepia` and `night` are the built-in presets. Book colours (CSS `color`) are
/// kept on light themes; on dark ones a book colour too dark to read on the page is
/// replaced by the theme's text colour.
public struct Theme: Hashable, Sendable, Codable {
  /// A short name for settings and the command line, e.g. "sepia".
  public var name: String
  /// The page.
  public var background: Color
  /// Body text (runs without a colour of their own).
  public var text: Color
  /// Link text; links also get a thin underline in this colour at reduced opacity.
  public var link: Color
  /// Horizontal rules and image placeholders.
  public var rule: Color
  /// Marks behind search matches.
  public var searchMatch: Color
  /// HUD header and footer text.
  public var secondaryText: Color
  /// The read part of the progress bar, the slider and the overlay's buttons.
  public var accent: Color
  /// The unread part of the progress bar and the slider's track.
  public var track: Color
  /// The overlay's panels.
  public var panel: Color
  /// Text on the overlay's panels.
  public var panelText: Color
  /// Multiplier for pictures' colours: 1 shows them as they are, night dims them.
  public var imageBrightness: Double
  /// True for light text on a dark page.
  public var isDark: Bool

  /// Creates a theme from all of its colours.
  public init(
    name: String, background: Color, text: Color, link: Color, rule: Color,
    searchMatch: Color, secondaryText: Color, accent: Color, track: Color, panel: Color,
    panelText: Color, imageBrightness: Double = 1, isDark: Bool = false
  ) {
    self.name = name
    self.background = background
    self.text = text
    self.link = link
    self.rule = rule
    self.searchMatch = searchMatch
    self.secondaryText = secondaryText
    self.accent = accent
    self.track = track
    self.panel = panel
    self.panelText = panelText
    self.imageBrightness = imageBrightness
    self.isDark = isDark
  }

  /// The colour glyphs of a run are drawn in: the run's own, or the theme's text colour.
  ///
  /// On a dark theme, a book colour with too little contrast against the page (black
  /// text from a stylesheet, say) gives way to the theme's text colour.
  public func textColor(for runColor: Color?) -> Color {
    guard let runColor else { return text }
    if isDark && Theme.luminance(runColor) < 0.25 { return text }
    return runColor
  }

  /// The colour a band behind text is drawn in: a book background or a highlight.
  ///
  /// On a dark theme a light colour keeps its hue but shows at a quarter of its strength, so
  /// that the theme's light text stays readable on it.
  public func bandColor(for color: Color) -> Color {
    guard isDark, Theme.luminance(color) > 0.4 else { return color }
    var dimmed = color
    dimmed.alpha = UInt8(Double(color.alpha) * 0.25)
    return dimmed
  }

  /// Relative luminance 0…1 (Rec. 709 weights on sRGB codes; enough to judge contrast).
  static func luminance(_ color: Color) -> Double {
    (0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue))
      / 255
  }
}
