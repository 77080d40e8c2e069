/// The reader's layout choices: font, size, spacing, breaking.
public struct LayoutSettings: Hashable, Sendable {
  /// How paragraphs are broken into lines.
  public enum LineBreaking: String, Hashable, Sendable {
    /// Knuth–Plass total fit (greedy for paragraphs past `totalFitLimit` items).
    case totalFit
    /// Greedy first fit.
    case firstFit
    /// Knuth–Plass rating every line that fits, without the early stops that skip lines
    /// out of reach of the best candidate and breakpoints no line can reach yet: the same
    /// breaks as `totalFit`, slower. It exists to prove that (a corpus test compares the
    /// two).
    case totalFitUnpruned
  }

  /// Body font size in pixels (1 for terminal cells).
  public var fontSize: Double
  /// Distance between baselines as a multiple of the font size.
  public var lineHeight: Double
  public var hyphenation: Bool
  public var lineBreaking: LineBreaking
  /// Language of paragraphs that do not say (BCP 47).
  public var language: String
  /// The book's language, whose patterns hyphenate text that names no language of its
  /// own (`xml:lang`, `lang`); nil: `language`'s.
  public var hyphenationLanguage: String?
  /// Paragraphs with more items than this are broken greedily (linear time).
  public var totalFitLimit: Int
  /// CJK punctuation compression: two adjacent full-width marks (。」, 」「) take one em
  /// together, each losing its blank half. Off by default.
  public var compressesPunctuation = false
  /// Whether the book's own fonts (`@font-face`) are used where its CSS names them; off,
  /// the reader's fonts set everything, as with KOReader's and Apple Books' switch.
  public var embeddedFonts = true
  /// How the terminal backend shows ruby readings (pixels always set them above).
  public var terminalRuby = TerminalRuby.parentheses
  /// Horizontal or vertical (tategaki) lines; `.auto` follows the book.
  public var writingMode = WritingModeChoice.auto

  /// Creates settings; the defaults set a 16 px serif book page.
  public init(
    fontSize: Double = 16, lineHeight: Double = 1.4, hyphenation: Bool = true,
    lineBreaking: LineBreaking = .totalFit, language: String = "en-US",
    totalFitLimit: Int = 10_000
  ) {
    self.fontSize = fontSize
    self.lineHeight = lineHeight
    self.hyphenation = hyphenation
    self.lineBreaking = lineBreaking
    self.language = language
    self.totalFitLimit = totalFitLimit
  }
}
