public import Foundation
public import QuireBook
public import QuireReading
import QuireRendering
import QuireTypesetting

/// The reading view without a toolkit: takes commands, drives a `ReadingSession`, and
/// says what to show as a `ReaderScreen`.
///
/// Both front ends stand on it: the terminal decodes keys and mouse reports into
/// `KeyChord`s and clicks, the window does the same with SDL events, and each draws the
/// screen it gets back. Everything else — what a key does, which page is next, what a
/// panel lists, what the status line says, what is saved — is decided here, once.
///
/// An actor: the session it drives is one, and search results arrive from a background
/// task. `updates` ticks when the screen changed without a command (search results
/// streaming in, page numbers becoming exact), so a front end redraws.
public actor ReaderController {
  /// How the controller is set up.
  public struct Configuration: Sendable {
    public var preferences: Preferences
    /// Where preferences are saved when the reader changes one; nil saves nothing.
    public var preferencesFile: PreferencesFile?
    public var keyMap: KeyMap
    public var sessionOptions: ReadingSession.Options
    /// Messages to show at once (a bad preferences or keys file).
    public var startupMessages: [String]
    public var clock: @Sendable () -> Date
    /// What the front end does whatever the key map says (Ctrl-C quits the terminal
    /// reader, closing the window quits it), listed first on the help screen.
    public var fixedKeys: [Panel.Row] = []

    /// Creates a configuration.
    public init(
      preferences: Preferences = Preferences(), preferencesFile: PreferencesFile? = nil,
      keyMap: KeyMap = .standard, sessionOptions: ReadingSession.Options = .init(),
      startupMessages: [String] = [], clock: @escaping @Sendable () -> Date = Date.init
    ) {
      self.preferences = preferences
      self.preferencesFile = preferencesFile
      self.keyMap = keyMap
      self.sessionOptions = sessionOptions
      self.startupMessages = startupMessages
      self.clock = clock
    }
  }

  public internal(set) var book: Book
  public internal(set) var session: ReadingSession
  let library: Library?
  var configuration: Configuration
  public var preferences: Preferences { configuration.preferences }
  public var keyMap: KeyMap { configuration.keyMap }
  var viewport: Viewport
  var layout: PageLayout
  /// Facing pages when the viewport is wide enough (the reader can turn it off).
  var spreadEnabled = true
  var shown: [PageSide] = []
  var panel: PanelState?
  var message: ScreenMessage?
  var search = SearchState()
  var finished = false
  let updateSink: AsyncStream<Void>.Continuation
  /// Ticks whenever the screen changed on its own; ask for `screen()` then.
  public nonisolated let updates: AsyncStream<Void>
  var eventWatcher: Task<Void, Never>?
  /// The book's id in the library, when there is one.
  var bookID: Int?
  /// The book's bookmarks and highlights, read when the book opens and after each change
  /// made here, so a page turn or a key asks the library nothing.
  var bookmarks: [Bookmark] = []
  var highlights: [Highlight] = []
  /// The table of contents with each entry's position, resolved once per book: the
  /// contents panel lists it and the status line's chapter title comes from it.
  var contents: [PanelState.ContentsEntry] = []

  /// Opens `book` at its saved position for a `viewport`.
  ///
  /// - Throws: what opening a `ReadingSession` throws (the library, the fonts).
  public init(
    book: Book, library: Library?, viewport: Viewport, configuration: Configuration = .init()
  ) async throws {
    self.book = book
    self.library = library
    self.viewport = viewport
    self.configuration = configuration
    layout = PageLayout.make(for: viewport, preferences: configuration.preferences, spread: true)
    (updates, updateSink) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let settings = Self.settings(
      for: configuration.preferences, viewport: viewport, layout: layout)
    session = try await ReadingSession(
      book: book, library: library, settings: settings, options: configuration.sessionOptions,
      clock: configuration.clock)
    bookID = await session.bookID
    contents = Self.contents(of: book)
    reloadAnnotations()
    if !configuration.startupMessages.isEmpty {
      message = ScreenMessage(
        text: configuration.startupMessages.joined(separator: "; "), isError: true)
    }
    await refreshSides()
    watchEvents()
  }

  /// What to draw now.
  public func screen() async -> ReaderScreen {
    let status = await statusLine()
    let metadata = book.metadata
    let author = metadata.authors.first.map { " — \($0)" } ?? ""
    return ReaderScreen(
      book: book, bookTitle: metadata.title + author, chapterTitle: status.chapter, sides: shown,
      status: status, showsStatus: configuration.preferences.statusLine,
      panel: panel.map(makePanel), message: message, theme: theme,
      turnMode: TurnMode(rawValue: configuration.preferences.turnMode) ?? .curl,
      isFinished: finished, tooSmall: layout.tooSmall,
      ambiguousWide: configuration.preferences.ambiguousWide)
  }

  /// Handles a key: text into a field being edited, else the key map's command for the
  /// layer in front (a panel's, or reading's).
  public func handle(_ chord: KeyChord) async -> ReaderScreen {
    message = nil
    if let command = textCommand(for: chord) ?? commandFor(chord) {
      await run(command)
    } else if chord.typedText != nil || chord.control || chord.alt {
      message = ScreenMessage(text: "\(chord) does nothing here; ? lists the keys", isError: false)
    }
    return await screen()
  }

  /// Carries out `command` and returns the screen that results.
  public func perform(_ command: ReaderCommand) async -> ReaderScreen {
    message = nil
    await run(command)
    return await screen()
  }

  /// Lays the pages out for a new viewport around the first character shown.
  public func resize(to viewport: Viewport) async -> ReaderScreen {
    guard viewport != self.viewport else { return await screen() }
    self.viewport = viewport
    await relayout()
    return await screen()
  }

  /// A click or tap at a point of the viewport: a link or note reference under it is
  /// followed or opened; elsewhere the left third turns back, the right third forward,
  /// and the middle shows or hides the status line. With a panel open, a click outside
  /// it closes it.
  public func click(atX x: Double, y: Double) async -> ReaderScreen {
    message = nil
    if panel != nil {
      panel = nil
      return await screen()
    }
    if let (chapter, offset) = link(atX: x, y: y) {
      await run(.activate(chapter: chapter, offset: offset))
      return await screen()
    }
    let width: Double
    switch viewport {
    case .cells(let columns, _): width = Double(columns)
    case .pixels(let pixels, _, _): width = pixels
    }
    if x < width / 3 {
      await run(.turnBackward)
    } else if x >= width * 2 / 3 {
      await run(.turnForward)
    } else {
      await run(.toggleStatus)
    }
    return await screen()
  }

  /// Ends the reading: the last stretch and the exact pagination go to the library.
  public func close() async {
    search.task?.cancel()
    eventWatcher?.cancel()
    await session.close()
    updateSink.finish()
  }

  // MARK: - Helpers

  /// The longest line in a window, in ems of the body text.
  static let maximumMeasure = 34.0

  /// The session's settings for the preferences in a viewport.
  static func settings(for preferences: Preferences, viewport: Viewport, layout: PageLayout)
    -> ReadingSettings
  {
    var settings = ReadingSettings(
      fontFamily: preferences.fontFamily, fontSize: preferences.fontSize,
      lineHeight: preferences.lineHeight, margins: EdgeInsets(all: preferences.margins),
      justification: preferences.justification, hyphenation: preferences.hyphenation,
      theme: preferences.theme)
    settings.embeddedFonts = preferences.embeddedFonts
    settings.writingMode = .init(rawValue: preferences.writingMode) ?? .auto
    let frame = layout.frames.first ?? Rect(x: 0, y: 0, width: 20, height: 3)
    switch viewport {
    case .cells:
      settings.backend = .cells
      settings.ambiguousWide = preferences.ambiguousWide
      settings.terminalRuby = TerminalRuby(rawValue: preferences.terminalRuby) ?? .parentheses
      settings.fontSize = 1
      settings.lineHeight = 1
      settings.margins = EdgeInsets(all: 0)
      settings.fontFamily = nil
    case .pixels(_, _, let scale):
      settings.fontSize = preferences.fontSize * scale
      // A line of a wide window is kept to a comfortable measure, about 70 characters:
      // the side margins grow, the page keeps the window's width (a turn spans all of it).
      let margin = preferences.margins * scale
      let measure = settings.fontSize * maximumMeasure
      let side = max(margin, ((frame.width - measure) / 2).rounded(.down))
      settings.margins = EdgeInsets(top: margin, left: side, bottom: margin, right: side)
    }
    settings.pageWidth = frame.width
    settings.pageHeight = frame.height
    return settings
  }

  /// The settings of a single page of `width` × `height` pixels at scale 1: what the
  /// commands that name pages by number (`paginate`, `render`, `progress`, `search`) lay
  /// out, so that their page N is the page N of a window of that size.
  public static func settings(
    for preferences: Preferences, pageWidth width: Double, pageHeight height: Double
  ) -> ReadingSettings {
    settings(
      for: preferences, viewport: .pixels(width: width, height: height, scale: 1),
      layout: PageLayout(frames: [Rect(x: 0, y: 0, width: width, height: height)], tooSmall: nil))
  }

  /// Applies the preferences and viewport to the session, keeping the position.
  func relayout() async {
    layout = PageLayout.make(
      for: viewport, preferences: configuration.preferences, spread: spreadEnabled)
    let settings = Self.settings(
      for: configuration.preferences, viewport: viewport, layout: layout)
    _ = await session.apply(settings)
    await refreshSides()
  }

  /// The theme the preferences name: a built-in one or a theme file; day otherwise.
  var theme: Theme {
    let name = configuration.preferences.theme
    if let preset = Theme.named(name) { return preset }
    if case .data(let data) = ConfigurationFile.read(URL(filePath: name)),
      let custom = try? JSONDecoder().decode(Theme.self, from: data)
    {
      return custom
    }
    return .day
  }

  /// Re-reads the page (and its facing page) from the session.
  func refreshSides() async {
    guard let current = await session.current else {
      shown = []
      return
    }
    let frames = readingFrames
    var sides = [side(chapter: current.chapterIndex, page: current.page, frame: frames.first)]
    if frames.count > 1, let facing = await session.peekNext() {
      sides.append(side(chapter: facing.chapterIndex, page: facing.page, frame: frames[1]))
    }
    shown = sides
  }

  func side(chapter: Int, page: Page, frame: Rect?) -> PageSide {
    let text = (try? book.text(ofChapter: chapter)) ?? .empty
    return PageSide(
      chapterIndex: chapter, page: page, text: text, marks: marks(chapter: chapter, page: page),
      frame: frame ?? Rect(x: 0, y: 0, width: page.width, height: page.height),
      ambiguousWide: configuration.preferences.ambiguousWide)
  }

  /// Marks the pages shown again (search results came in, a highlight changed) without
  /// asking the session for them.
  func refreshMarks() {
    for index in shown.indices {
      shown[index].marks = marks(chapter: shown[index].chapterIndex, page: shown[index].page)
    }
  }

  /// Search matches and highlights on a page.
  private func marks(chapter: Int, page: Page) -> [PageSide.Mark] {
    var marks: [PageSide.Mark] = []
    for highlight in highlights
    where highlight.start.chapterIndex == chapter && highlight.end.chapterIndex == chapter {
      let range = highlight.start.offset..<max(highlight.start.offset, highlight.end.offset)
      if range.overlaps(page.range) { marks.append(.init(range: range, kind: .highlight)) }
    }
    for (index, match) in search.matches.enumerated()
    where match.chapterIndex == chapter && match.range.overlaps(page.range) {
      marks.append(
        .init(range: match.range, kind: index == search.current ? .currentMatch : .searchMatch))
    }
    return marks
  }

  /// Watches the session's events: a first estimate of the page count, or exact page
  /// numbers, change the status line.
  private func watchEvents() {
    let events = session.events
    let sink = updateSink
    eventWatcher = Task {
      for await event in events {
        switch event {
        case .paginationExact, .pageCountEstimated: sink.yield()
        case .busy, .shown: break
        }
      }
    }
  }

  func notify() { updateSink.yield() }
}
