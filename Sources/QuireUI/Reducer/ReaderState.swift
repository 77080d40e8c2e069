package import QuireBook
package import QuireReading
package import QuireRendering

/// Everything the reading view knows, as a value: the book, what the reader chose, the
/// pages shown, the panel, the message, and one sub-state per feature.
///
/// It changes only through `reduce(_:)`, which takes a `ReaderAction` (a key, a command, a
/// click, or what an effect found) and returns the `ReaderEffect`s to carry out; the
/// `ReaderController` runs them and feeds their results back as actions. What a front end
/// draws is a pure function of it (`screen`). The book is immutable content: reading a
/// chapter's text from it, which the reducer does for links, notes and snippets, is a pure
/// (if lazily loaded) function of the book.
package struct ReaderState: Sendable {
  // MARK: The book

  package var book: Book
  /// The table of contents with each entry's position, resolved once per book: what the
  /// contents panel lists and `]` and `[` step through.
  package var contents: [PanelState.ContentsEntry]
  /// The one rule that names a position's chapter (`ContentsNames`, from `contents`):
  /// the status line, the running heads, search results and the annotations say it.
  package var names: ContentsNames
  /// Whether there is a library to write bookmarks and notes to.
  package var hasLibrary: Bool
  /// The book's id in the library, when there is one.
  package var bookID: Int?

  // MARK: What the reader chose

  package var preferences: Preferences
  package var keyMap: KeyMap
  /// What the front end does whatever the key map says (Ctrl-C quits the terminal
  /// reader, closing the window quits it), listed first on the help screen.
  package var fixedKeys: [Panel.Row] = []
  /// Where the preferences and keys files are, for the panels' hints (nil: not saved).
  package var preferencesPath: String?
  package var keysPath: String?
  /// What the settings panel says of the reader's replace rules (how many, the first
  /// that cannot be used), read by the controller from `replace-rules.json`.
  package var replaceRulesSummary = "none"
  /// The theme the preferences name, read once per change of `preferences.theme`.
  package var theme = Theme.day
  /// The `preferences.theme` that `theme` was made from.
  package var themeSource: String?

  // MARK: The pages

  package var viewport: Viewport
  /// Where the pages go in the viewport: one frame, or two for facing pages.
  package var layout: PageLayout
  /// Facing pages when the viewport is wide enough (the reader can turn it off).
  package var spreadEnabled = true
  /// How a fixed-layout book's pages pair in spreads; nil for a reflowed book.
  package var fixedSpreads: FixedSpreads?
  /// The reader's position, as the session keeps it: nil before the first page.
  package var position: Locator?
  /// How far through the book the page shown is.
  package var progress: ReadingProgress?
  /// The pages shown, in reading order, with their marks.
  package var sides: [PageSide] = []
  package var timeEstimate: ReadingTimeEstimate?
  /// Whether Back has somewhere to go.
  package var canGoBack = false

  // MARK: Features (one sub-state each)

  /// The panel or popup open over the page.
  package var panel: PanelState?
  package var search = SearchState()
  package var annotations = AnnotationState()
  package var selecting = SelectionState()
  /// Reading aloud and auto turn.
  package var listening = ListeningState()
  /// Where selections find words and sentences in this book.
  package var boundaries: TextBoundaries
  /// The line that answers the last action, until the next key.
  package var message: ScreenMessage?
  /// True once the reader quit.
  package var isFinished = false

  /// A state for `book` in `viewport`, before the session shows its first page.
  package init(
    book: Book, viewport: Viewport, preferences: Preferences = Preferences(),
    keyMap: KeyMap = .standard, hasLibrary: Bool = false, preferencesPath: String? = nil,
    keysPath: String? = nil
  ) {
    self.book = book
    self.viewport = viewport
    self.preferences = preferences
    self.keyMap = keyMap
    self.hasLibrary = hasLibrary
    self.preferencesPath = preferencesPath
    self.keysPath = keysPath
    contents = Self.contents(of: book)
    names = Self.names(of: book, contents: contents)
    boundaries = TextBoundaries(book: book)
    fixedSpreads = FixedSpreads(book: book)
    layout = PageLayout.make(
      for: viewport, preferences: preferences, spread: true,
      fixed: fixedSpreads.map { _ in book.metadata.spread ?? .auto })
  }

  /// The reader's position: the session's, or the start of the book before it showed one.
  package var anchor: Locator {
    position ?? Locator(chapterIndex: book.readingOrder.first ?? 0)
  }

  /// The chapter of the page shown.
  package var chapter: Int { anchor.chapterIndex }

  /// Whether the viewport is a terminal's.
  package var isCells: Bool {
    if case .cells = viewport { return true }
    return false
  }

  /// The session's settings for the preferences in this viewport and layout.
  package var readingSettings: ReadingSettings {
    layout.settings(for: preferences, viewport: viewport)
  }

  /// Shows a message on the status line until the next key.
  mutating func say(_ text: String, isError: Bool = false) {
    message = ScreenMessage(text: text, isError: isError)
  }

  /// A title on one line, its whitespace collapsed.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The names of a book's positions: by its contents entries, or by its chapters'
  /// titles when it has no contents (`ContentsNames(book:)`'s rule, from the entries
  /// resolved once).
  static func names(of book: Book, contents: [PanelState.ContentsEntry]) -> ContentsNames {
    ContentsNames(
      entries: !book.toc.isEmpty
        ? contents.map {
          ContentsNames.Entry(title: $0.title, depth: $0.depth, locator: $0.locator)
        } : [],
      chapterTitles: book.chapters.map { oneLine($0.title) })
  }

  /// A book's contents entries with their positions: its table of contents, or its
  /// chapters when it has none.
  static func contents(of book: Book) -> [PanelState.ContentsEntry] {
    var entries: [PanelState.ContentsEntry] = []
    for (entry, depth) in book.toc.flatMap({ $0.flattened() }) {
      guard let locator = book.locator(for: entry) else { continue }
      var title = oneLine(entry.title)
      // An untitled entry is named by its chapter, as `ContentsNames(book:)` names it.
      if title.isEmpty, book.chapters.indices.contains(locator.chapterIndex) {
        title = oneLine(book.chapters[locator.chapterIndex].title)
      }
      entries.append(.init(title: title, depth: depth, locator: locator))
    }
    if entries.isEmpty {
      // A book without a table of contents lists its chapters.
      for index in book.readingOrder {
        entries.append(
          .init(
            title: oneLine(book.chapters[index].title), depth: 0,
            locator: Locator(chapterIndex: index)))
      }
    }
    return entries
  }
}
