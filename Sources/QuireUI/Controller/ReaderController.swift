public import Foundation
public import QuireBook
public import QuireLookup
public import QuireReading
import QuireTypesetting

/// The reading view without a toolkit: takes what the reader does, and says what to show
/// as a `ReaderScreen`.
///
/// Both front ends stand on it: the terminal decodes keys and mouse reports into
/// `KeyChord`s and clicks, the window does the same with SDL events, and each draws the
/// screen it gets back. Everything else — what a key does, which page is next, what a
/// panel lists, what the status line says, what is saved — is decided once, by the pure
/// reducer `ReaderState.reduce(_:)`. The controller runs it: it turns each call into a
/// `ReaderAction`, carries out the `ReaderEffect`s the reducer returns (the session's
/// moves and layout, library reads and writes, the preferences file, opening addresses,
/// searching in the background) and feeds their results back as actions.
///
/// An actor, off the front ends' input and drawing threads: the session it drives is one,
/// and search results arrive from a background task. `updates` ticks when the screen
/// changed without a call (search results streaming in, page numbers becoming exact), so
/// a front end redraws.
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
    /// What the front end tells the reader at once that is not a problem (the terminal
    /// sets a vertical book horizontally); shown when no startup message is.
    public var startupNotices: [String] = []
    public var clock: @Sendable () -> Date
    /// What the front end does whatever the key map says (Ctrl-C quits the terminal
    /// reader, closing the window quits it), listed first on the help screen.
    public var fixedKeys: [Panel.Row] = []
    /// Where look-ups find dictionaries: the standard folders, or `$QUIRE_DICTIONARIES`.
    public var dictionaryLocations: DictionaryLocations = .standard()

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

  /// Everything the reading view knows; changed only by the reducer, in `dispatch(_:)`.
  package internal(set) var state: ReaderState
  public internal(set) var session: ReadingSession
  let library: Library?
  let configuration: Configuration
  let updateSink: AsyncStream<Void>.Continuation
  /// Ticks whenever the screen changed on its own; ask for `screen()` then.
  public nonisolated let updates: AsyncStream<Void>
  var eventWatcher: Task<Void, Never>?
  var searchTask: Task<Void, Never>?
  /// Reading aloud: the engine, the narration's player, what is heard.
  let speech = SpeechDriver()
  var speechWatcher: Task<Void, Never>?
  /// Ticks while something is timed (auto turn, the sleep timer, speech playing).
  var clockTask: Task<Void, Never>?
  /// Whether the front end covers the page with something of its own (the window's
  /// overlay menu): time under it is not reading.
  var frontEndCovers = false
  /// What the session was last told about the page being covered (`setCovered`).
  var sessionCovered = false
  /// The dictionaries, found at the first look-up and kept open.
  var dictionaryShelf: DictionaryShelf?

  public var book: Book { state.book }
  public var preferences: Preferences { state.preferences }
  public var keyMap: KeyMap { state.keyMap }

  /// Opens `book` at its saved position for a `viewport`.
  ///
  /// - Throws: what opening a `ReadingSession` throws (the library, the fonts).
  public init(
    book: Book, library: Library?, viewport: Viewport, configuration: Configuration = .init()
  ) async throws {
    self.library = library
    self.configuration = configuration
    var state = ReaderState(
      book: book, viewport: viewport, preferences: configuration.preferences,
      keyMap: configuration.keyMap, hasLibrary: library != nil,
      preferencesPath: configuration.preferencesFile?.url.path,
      keysPath: configuration.preferencesFile?.keysURL.path)
    state.fixedKeys = configuration.fixedKeys
    state.replaceRulesSummary = Self.replaceRulesSummary(configuration.preferencesFile)
    if !configuration.startupMessages.isEmpty {
      state.say(configuration.startupMessages.joined(separator: "; "), isError: true)
    } else if !configuration.startupNotices.isEmpty {
      state.say(configuration.startupNotices.joined(separator: "; "), isError: false)
    }
    self.state = state
    (updates, updateSink) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    session = try await ReadingSession(
      book: book, library: library, settings: state.readingSettings,
      options: configuration.sessionOptions, clock: configuration.clock)
    await dispatch(.bookOpened(book, bookID: await session.bookID, await sessionView()))
    watchEvents()
    watchSpeech()
  }

  /// What to draw now.
  ///
  /// Draws without waiting for the session: the figures are the ones it last published
  /// (`ReadingSession.figures`), so a frame never waits behind a page laid out ahead or
  /// the exact pass's bookkeeping.
  public func screen() async -> ReaderScreen {
    // Time under a panel, popup or menu is not reading (`ReadingSession.setCovered`).
    await cover(state.panel != nil || frontEndCovers)
    // The figures move on their own (estimates refined in the background): read afresh.
    let figures = session.figures
    await dispatch(.progressRead(figures.progress, figures.timeEstimate))
    return state.screen
  }

  /// Handles a key: text into a field being edited, else the key map's command for the
  /// layer in front (a panel's, or reading's).
  public func handle(_ chord: KeyChord) async -> ReaderScreen {
    await dispatchInput(.key(chord))
    return await screen()
  }

  /// Carries out `command` and returns the screen that results.
  public func perform(_ command: ReaderCommand) async -> ReaderScreen {
    await dispatchInput(.command(command))
    return await screen()
  }

  /// Lays the pages out for a new viewport around the first character shown.
  public func resize(to viewport: Viewport) async -> ReaderScreen {
    await dispatch(.resize(viewport))
    return await screen()
  }

  /// A click or tap at a point of the viewport: a link or note reference under it is
  /// followed or opened; elsewhere the left third turns back, the right third forward,
  /// and the middle shows or hides the status line. With a panel open, a click outside
  /// it closes it.
  public func click(atX x: Double, y: Double) async -> ReaderScreen {
    await dispatchInput(.click(x: x, y: y))
    return await screen()
  }

  /// A press on the text at a point: selects the `unit` there (a double-click a word, a
  /// triple-click the paragraph), and a drag from it extends by that unit.
  public func select(atX x: Double, y: Double, unit: Selection.Unit) async -> ReaderScreen {
    await dispatchInput(.selectAt(x: x, y: y, unit: unit))
    return await screen()
  }

  /// A drag (or Shift+click) to a point: the selection's moving end follows it.
  public func extendSelection(toX x: Double, y: Double) async -> ReaderScreen {
    await dispatchInput(.extendSelectionTo(x: x, y: y))
    return await screen()
  }

  /// A pointer on a highlight (a right-click in the window): its passage becomes the
  /// selection, with the highlight chosen (`ReaderScreen.chosenHighlight`) to recolour,
  /// annotate or remove; elsewhere nothing changes.
  public func chooseHighlight(atX x: Double, y: Double) async -> ReaderScreen {
    await dispatch(.chooseHighlightAt(x: x, y: y))
    return await screen()
  }

  /// Whether a point of the viewport is on a character of the page (where a press may
  /// start a selection rather than a turn or a tap).
  public func isOnText(atX x: Double, y: Double) -> Bool {
    state.sides.contains { side in
      guard x >= side.frame.x, x < side.frame.maxX, y >= side.frame.y, y < side.frame.maxY
      else { return false }
      return PageGeometry(page: side.page, ambiguousWide: side.ambiguousWide)
        .offset(atX: x - side.frame.x, y: y - side.frame.y) != nil
    }
  }

  /// The front end put the text of `ReaderScreen.copy` somewhere (or could not): the
  /// message says where, for the reader.
  public func copied(_ message: String, failed: Bool) async -> ReaderScreen {
    await dispatch(.copied(message: message, failed: failed))
    return await screen()
  }

  /// A click on row `row` of the open panel: selects it and does what Enter does there (a
  /// contents entry, a search result, a bookmark or a book opens; a setting steps on).
  public func choose(row: Int) async -> ReaderScreen {
    await dispatchInput(.chooseRow(row))
    return await screen()
  }

  /// Adds a book file to the library (a file dropped on the window) and opens it, over
  /// any panel; the book open stays, with a message, when the file cannot be read.
  public func open(path: String) async -> ReaderScreen {
    await dispatchInput(.dropBook(path: path))
    return await screen()
  }

  /// The front end shows, or stops showing, something of its own over the page (the
  /// window's overlay with its slider and buttons, a menu): the time it is there is not
  /// counted as reading, as the time under a panel is not.
  public func setPageCovered(_ covered: Bool) async {
    frontEndCovers = covered
    await cover(state.panel != nil || frontEndCovers)
  }

  /// Tells the session whether the page is covered, when that changed.
  private func cover(_ covered: Bool) async {
    guard covered != sessionCovered else { return }
    sessionCovered = covered
    await session.setCovered(covered)
  }

  /// Remembers the window's size (points) and position for the next start.
  public func rememberWindow(width: Int, height: Int, x: Int, y: Int) async {
    await dispatch(.rememberWindow(width: width, height: height, x: x, y: y))
  }

  /// Ends the reading: the last stretch and the exact pagination go to the library.
  public func close() async {
    searchTask?.cancel()
    eventWatcher?.cancel()
    clockTask?.cancel()
    speech.close()
    speechWatcher?.cancel()
    await session.close()
    updateSink.finish()
  }

  /// The settings of a single page of `width` × `height` pixels at scale 1: what the
  /// commands that name pages by number (`paginate`, `render`, `progress`, `search`) lay
  /// out, so that their page N is the page N of a window of that size.
  public static func settings(
    for preferences: Preferences, pageWidth width: Double, pageHeight height: Double
  ) -> ReadingSettings {
    PageLayout(frames: [Rect(x: 0, y: 0, width: width, height: height)], tooSmall: nil)
      .settings(for: preferences, viewport: .pixels(width: width, height: height, scale: 1))
  }

  /// Watches the session's events: a first estimate of the page count, or exact page
  /// numbers, change the status line.
  func watchEvents() {
    eventWatcher?.cancel()
    let events = session.events
    eventWatcher = Task { [weak self] in
      for await event in events {
        switch event {
        case .paginationExact, .pageCountEstimated: await self?.dispatch(.pageNumbersChanged)
        case .busy, .shown: break
        }
      }
    }
  }
}
