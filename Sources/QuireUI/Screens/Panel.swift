/// A panel or popup over the page: contents, search, bookmarks and notes, help, settings,
/// library, link hints, a footnote, a link to confirm, a note being written.
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
}
