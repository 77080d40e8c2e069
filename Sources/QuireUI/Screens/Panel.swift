public import QuireBook
public import QuireReading

/// A panel or popup over the page: contents, search, bookmarks and notes, help, settings,
/// library, link hints, a footnote, a link to confirm, a note being written, a word's
/// definitions.
///
/// Every panel is a title, an optional text field, rows and a selection, so a front end
/// draws them all one way; `kind` says which it is, for front ends that draw some
/// differently (a footnote as a popup, the library as a grid of covers).
public struct Panel: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    case contents
    case search
    case bookmarks
    case help
    case settings
    case library
    case linkHints
    case footnote
    case confirmLink
    case note
    case goTo
    /// A word's definitions: a popup whose rows are paragraphs (a dictionary's name as a
    /// current row, then its text, indented by `depth`), scrolled to `scroll`, with links.
    case lookUp
    /// Reading statistics: drawn from `charts` (bars, a heat map, speed lines), scrolled
    /// down `scroll` rows in the terminal; the books are its rows too.
    case statistics
  }

  /// A word a row's text leads to (a link between dictionary entries).
  public struct Link: Hashable, Sendable {
    /// Characters of the row's text.
    public var range: Range<Int>
    /// What following it looks up (`ReaderCommand.lookUpWord`).
    public var word: String
  }

  /// A text field: a query, a filter, a note.
  public struct Field: Hashable, Sendable {
    public var label: String
    public var text: String
    /// Whether keys type into it now.
    public var isEditing: Bool
  }

  /// One entry.
  public struct Row: Hashable, Sendable {
    public var text: String
    /// A second column or line: a chapter and percent, a key, a value.
    public var detail: String
    /// Nesting depth (contents).
    public var depth: Int
    /// The current chapter, the current setting's row, the book open.
    public var isCurrent: Bool
    /// The part of `text` to emphasise (a search match inside its snippet).
    public var emphasis: Range<Int>?
    /// A library book's file (its cover is read from it) and how far it has been read.
    public var path: String?
    public var progress: Double?
    /// Links in `text` (the look-up's); `emphasis` marks the one chosen.
    public var links: [Link] = []

    /// Creates a row.
    public init(
      text: String, detail: String = "", depth: Int = 0, isCurrent: Bool = false,
      emphasis: Range<Int>? = nil, path: String? = nil, progress: Double? = nil
    ) {
      self.text = text
      self.detail = detail
      self.depth = depth
      self.isCurrent = isCurrent
      self.emphasis = emphasis
      self.path = path
      self.progress = progress
    }
  }

  public var kind: Kind
  public var title: String
  public var field: Field?
  public var rows: [Row]
  /// The selected row, when rows can be chosen.
  public var selection: Int?
  /// What the keys do here, one line.
  public var hint: String
  /// True while rows are still coming (a search in progress).
  public var isWorking: Bool
  /// The first row shown, in a popup that scrolls (the look-up); the rows before it are
  /// above the popup's top.
  public var scroll = 0
  /// The popup's text with its styles, for a front end that sets it with the typesetter
  /// (the look-up's definitions: headwords, labels, examples; links to
  /// `quire-lookup:WORD`, whose word `DefinitionText.word(fromLookupURL:)` reads). Its
  /// paragraphs are the rows.
  public var styledText: StyledText?
  /// The statistics' charts (the statistics panel's).
  public var charts: StatisticsCharts?
  /// The largest `scroll` the panel's keys reach (the statistics'), so that a front end
  /// whose rows are not the terminal's can scroll in proportion: `scroll` of
  /// `scrollLimit` of the way down.
  public var scrollLimit = 0
}
