public import QuireBook

/// What the heads-up display shows over a page (seed 002, after Stanza).
///
/// A thin read/unread progress bar, a header with the book and chapter titles, a footer
/// with the page number, percent and time left in the chapter, and, on demand, an
/// overlay with title, author, chapter, a slider and Contents / Bookmark / Settings
/// buttons. The renderer draws it; a front end drives it through the `HUDRegion`s it
/// gets back.
public struct HUD: Hashable, Sendable {
  /// The always-on parts, each optional in settings.
  public struct Parts: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates a set from its raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The thin read/unread bar along the bottom edge.
    public static let progressBar = Parts(rawValue: 1)
    /// Book title (left) and chapter title (right) in the top margin.
    public static let header = Parts(rawValue: 2)
    /// Page n / m, percent and time left in the bottom margin.
    public static let footer = Parts(rawValue: 4)
    /// Every part.
    public static let all: Parts = [.progressBar, .header, .footer]
  }

  /// A running head: a line of text over one page's text block, at its left or right
  /// edge.
  public struct RunningHead: Hashable, Sendable {
    public var text: String
    /// The box the text is set in, across the page (pixels from the layer's left).
    public var left: Double
    public var width: Double
    /// `.left` or `.right`: which edge of the box the text keeps to.
    public var alignment: ParagraphStyle.Alignment

    /// Creates a head.
    public init(text: String, left: Double, width: Double, alignment: ParagraphStyle.Alignment) {
      self.text = text
      self.left = left
      self.width = width
      self.alignment = alignment
    }
  }

  public var parts: Parts
  /// The heads over the pages' text blocks; empty, the book's title at the left and the
  /// chapter's at the right of the page's width less an inset.
  public var heads: [RunningHead] = []
  /// The left edge and width of the text (from the first page's text block to the last
  /// one's), which the footer lines up with; nil, the page's width less an inset.
  public var textColumn: RunningHead?
  /// Shows the overlay (title, author, chapter, slider, buttons) instead of header and footer.
  public var showsOverlay: Bool
  public var bookTitle: String
  public var author: String
  public var chapterTitle: String
  /// The page's number in the book, from 1.
  public var pageNumber: Int
  /// Pages in the book: exact, or an estimate while pagination runs.
  public var pageCount: Int
  /// True while `pageCount` is an estimate: the footer then says "about".
  public var isPageCountEstimated: Bool
  /// True while the book is opening and its page count is not estimated yet: the page
  /// figures are left out (they follow a frame later) and the percentage stands alone.
  public var isPageCountPending = false
  /// How far through the book the page is, 0…1.
  public var progression: Double
  /// Minutes of reading left in the chapter at the reader's speed, when known.
  public var minutesLeftInChapter: Int?
  /// Size of the HUD's text in pixels.
  public var fontSize: Double
  /// BCP 47 language of the titles (picks the font for Chinese titles).
  public var language: String
  /// The overlay's buttons, left to right.
  public var buttons: [HUDRegion.Kind] = [.tableOfContents, .bookmark, .settings]
  /// A button's label when it is not its kind's own (Read aloud says "Pause" while reading).
  public var buttonLabels: [HUDRegion.Kind: String] = [:]
  /// What is on of listening ("Reading aloud", "Narration", "Auto turn"), shown in the
  /// footer beside the percentage and in the overlay's page label; nil when nothing is.
  public var listening: String?
  /// Where the slider is being dragged to, before it is let go: its position 0…1 and what
  /// it points at ("Chapter 12 · page 340"), shown in place of the page label.
  public var sliderTarget: (fraction: Double, label: String)? {
    get { sliderTargetStorage.map { ($0.fraction, $0.label) } }
    set {
      sliderTargetStorage = newValue.map { SliderTarget(fraction: $0.fraction, label: $0.label) }
    }
  }
  private var sliderTargetStorage: SliderTarget?

  private struct SliderTarget: Hashable, Sendable {
    var fraction: Double
    var label: String
  }

  /// Creates a HUD state; everything but the titles and numbers has a default.
  public init(
    bookTitle: String, author: String = "", chapterTitle: String, pageNumber: Int,
    pageCount: Int, isPageCountEstimated: Bool = false, progression: Double,
    minutesLeftInChapter: Int? = nil, parts: Parts = .all, showsOverlay: Bool = false,
    fontSize: Double = 12, language: String = "en"
  ) {
    self.bookTitle = bookTitle
    self.author = author
    self.chapterTitle = chapterTitle
    self.pageNumber = pageNumber
    self.pageCount = pageCount
    self.isPageCountEstimated = isPageCountEstimated
    self.progression = progression
    self.minutesLeftInChapter = minutesLeftInChapter
    self.parts = parts
    self.showsOverlay = showsOverlay
    self.fontSize = fontSize
    self.language = language
  }

  /// "12 / 340", or "12 / about 340" while the count is an estimate; empty while it is
  /// pending.
  public var pageLabel: String {
    if isPageCountPending { return "" }
    return "\(pageNumber) / \(isPageCountEstimated ? "about " : "")\(pageCount)"
  }

  /// "35%": progression rounded down, so 100% appears only on the last page.
  public var percentLabel: String {
    "\(Int((min(max(progression, 0), 1) * 100).rounded(.down)))%"
  }

  /// "8 min left in chapter", "less than a minute left in chapter", or empty when unknown.
  public var timeLeftLabel: String {
    guard let minutes = minutesLeftInChapter else { return "" }
    if minutes < 1 { return "less than a minute left in chapter" }
    if minutes < 60 { return "\(minutes) min left in chapter" }
    return "\(minutes / 60) h \(minutes % 60) min left in chapter"
  }
}
