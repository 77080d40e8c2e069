public import Foundation
public import QuireBook
public import QuireTypesetting

/// Everything a reader does between opening a book and closing it, independent of any
/// screen: turning pages across chapters, jumps with a back stack, settings changes that
/// keep the position, progress, reading speed and time left, and the saved position.
///
/// An actor, because its state is not thread-safe by nature: the `FontContext` (one
/// shape cache for the whole book, so each word is shaped once) and the `Paginator`s are
/// single-threaded classes. The actor owns them and runs all layout on its own executor,
/// the foreground requests and the work ahead alike; the work ahead (neighbouring
/// pages and chapters, then the pass that makes page numbers exact) runs in a task that
/// lays out one page at a time and yields between pages, so a request waits at most
/// for one page already in progress. Callers await the actor off their event loop.
///
/// Positions are `Locator`s; page numbers are derived. Every page change saves the
/// position to the library (one upsert), so a killed process loses at most that update.
public actor ReadingSession {
  /// What the session does in the background.
  public struct Options: Sendable {
    /// Lay out the next and previous pages and chapters ahead of the reader.
    public var prefetch: Bool
    /// After that, paginate the whole book so page numbers become exact, and store the
    /// page breaks in the library's pagination cache.
    public var exactPagination: Bool
    /// Record the reading in the library: add the book and mark it opened, save every
    /// position, write reading sessions. Off for a look at where the reader is (`quire
    /// progress`, page numbers for `quire search`) that must not change it; the library
    /// is still read (saved position, pagination cache, reading speed).
    public var records: Bool
    /// Take the opening samples (`pagesSampledAtOpening` pages spread over the book)
    /// before `init` returns, so that the first progress read is already an estimate from
    /// the body of the book. Off, for a window that shows its first page at once: `init`
    /// returns when that page is laid out, the samples are the first work in the
    /// background, and until they are taken `ReadingProgress.isPageCountPending` is true
    /// (a front end shows no page figures; `Event.pageCountEstimated` says when to).
    public var estimatesBeforeFirstPage: Bool

    /// Creates options; everything is on by default.
    public init(
      prefetch: Bool = true, exactPagination: Bool = true, records: Bool = true,
      estimatesBeforeFirstPage: Bool = true
    ) {
      self.prefetch = prefetch
      self.exactPagination = exactPagination
      self.records = records
      self.estimatesBeforeFirstPage = estimatesBeforeFirstPage
    }

    /// A look without layout ahead or writes: the page at the saved position and its
    /// progress from the pagination cache (or the running average).
    public static let peek = Options(prefetch: false, exactPagination: false, records: false)
  }

  /// What a front end may want to hear about between its own calls.
  public enum Event: Sendable {
    /// A page was asked for that is not laid out yet: show a busy sign until `shown`.
    case busy(Locator)
    /// A page is shown.
    case shown(ShownPage)
    /// Every chapter is paginated: page numbers are exact from now on.
    case paginationExact
    /// The opening samples were taken after the first page was shown
    /// (`Options.estimatesBeforeFirstPage` off): page figures can be shown from now on.
    case pageCountEstimated
  }

  public nonisolated let book: Book
  /// The figures last published (`figures`), and when (`Stopwatch`).
  nonisolated let publishedFigures = Locked((figures: Figures(), time: 0.0))
  /// Events as they happen (the newest 64 are kept when nobody listens).
  public nonisolated let events: AsyncStream<Event>
  let eventSink: AsyncStream<Event>.Continuation
  let library: Library?
  /// The book's id in the library, when there is a library.
  public let bookID: Int?
  public internal(set) var settings: ReadingSettings
  /// The book's fonts; not made for a session on cells until it moves to pixels (a
  /// terminal reader never pays for fontconfig and the faces).
  var fonts: FontContext?
  /// The terminal's metrics, when the settings lay out on cells.
  var cells: CellGlyphSource?
  /// Hyphenation dictionaries shared by every chapter's paginator (loaded once each).
  let options: Options
  let clock: @Sendable () -> Date
  /// Indices of the linear chapters: what next and previous page through.
  let readingOrder: [Int]
  let meter = LayoutMeter()

  /// Chapter layouts kept around the reader: the previous, current and next chapter.
  var layouts: [Int: ChapterLayout] = [:]
  /// A layout of the current chapter from an earlier page, built ahead to replace one
  /// that was resumed at a cached break after the page before the current one.
  var pending: ChapterLayout?
  /// A far chapter being paginated by the exact pass on the actor, when no worker thread
  /// can do it (`exactPassUnavailable`); dropped when done.
  var counting: ChapterLayout?
  /// The exact pass's workers, laying out the far chapters on every core.
  var exactPass: ExactPass?
  /// Passes started so far (each pass's id).
  var exactPassCount = 0
  /// A pass's workers could not load the fonts: the far chapters are laid out on the actor.
  var exactPassUnavailable = false
  /// The library's page breaks for the current settings.
  var cachedBreaks: [Int: [Int]] = [:]
  /// Exact page starts per chapter for the current settings (cache or finished layouts).
  var knownBreaks: [Int: [Int]] = [:]
  /// Exact page starts found under earlier settings in this session, by layout hash: a
  /// terminal resized and resized back, or a font size changed and changed back, finds
  /// its page numbers again instead of estimating them anew.
  var earlierBreaks: [String: [Int: [Int]]] = [:]
  /// Pages spread over the book, laid out to learn how much a page holds before the
  /// exact pass has counted (dropped on a layout change).
  var samples: [PageSample] = []
  /// The sample being laid out, and where in its chapter it starts.
  var sampling: ChapterLayout?
  var samplingStart = 0
  /// The count of pages laid out ahead at which the opening samples are taken, while
  /// they are still to be taken in the background (see `estimatesBeforeFirstPage`).
  var openingSamplesGoal: Int?
  /// Lengths of the chapters whose text was loaded.
  var lengths: [Int: Int] = [:]
  var storedPagination = false

  /// The chapter shown.
  public internal(set) var chapter: Int
  var currentPage: Page?
  /// The position kept: the first character of the page the reader turned to. A
  /// settings change shows the page holding it and keeps it, so going back and forth
  /// never drifts.
  public internal(set) var anchor: Locator
  var backStack: [Locator] = []
  /// True while the reader waits for a page that is being laid out.
  public internal(set) var isBusy = false

  var background: Task<Void, Never>?
  var generation = 0
  /// The work ahead is held (`pauseWorkAhead()`): nothing is scheduled until resumed.
  var workAheadPaused = false

  var speed: ReadingSpeedEstimator
  /// When the page shown came (moved on by the time it spent covered).
  var viewStart: Date
  /// Since when a panel, menu or popup covers the page (`setCovered`).
  var coveredSince: Date?
  var stretch: ReadingStretch
  /// The last error from saving to the library (the reader keeps reading regardless).
  public internal(set) var lastSaveError: (any Error)?

  /// Opens `book` at its saved position in `library` (or at its start) and lays out the
  /// page to show.
  ///
  /// - Parameters:
  ///   - fonts: a font context to reuse (its shape cache is the speed); one is created
  ///     for `settings.fontFamily` when nil.
  ///   - clock: the time source for reading speed and saved times (tests script it).
  /// - Throws: `LibraryError` when the library cannot record the book; `TypesettingError`
  ///   when fonts cannot be loaded.
  public init(
    book: Book, library: Library? = nil, settings: ReadingSettings = ReadingSettings(),
    fonts: sending FontContext? = nil, options: Options = Options(),
    clock: @escaping @Sendable () -> Date = Date.init
  ) async throws {
    self.book = book
    self.library = library
    self.settings = settings
    self.options = options
    self.clock = clock
    (events, eventSink) = AsyncStream.makeStream(
      of: Event.self, bufferingPolicy: .bufferingNewest(64))
    // The first page needs the hyphenation dictionary (~30 ms to load when no earlier
    // book of this process left one): load it while fonts and the library are opened.
    if settings.hyphenation { HyphenatorCache.preload(book.metadata.language ?? "en-US") }
    self.fonts =
      try fonts ?? (settings.backend == .cells ? nil : FontContext(bodyFamily: settings.fontFamily))
    cells =
      settings.backend == .cells
      ? CellGlyphSource(hyphenation: settings.hyphenation, ambiguousWide: settings.ambiguousWide)
      : nil
    readingOrder = book.readingOrder.isEmpty ? Array(book.chapters.indices) : book.readingOrder
    let now = clock()
    var saved: Locator?
    var id: Int?
    if let library {
      if options.records {
        let entry = try library.addFollowingChanges(book, at: now)
        try library.markOpened(entry.id, at: now)
        id = entry.id
      } else {
        id = try library.book(contentHash: book.contentHash)?.id
      }
      if let id { saved = try library.currentPosition(ofBook: id)?.locator }
    }
    bookID = id
    let start = saved.flatMap { book.chapters.indices.contains($0.chapterIndex) ? $0 : nil }
    anchor = start ?? Locator(chapterIndex: readingOrder.first ?? 0)
    chapter = anchor.chapterIndex
    let script = Self.script(of: book, at: anchor)
    let prior = try library.map { try Self.prior(bookID: id, script: script, in: $0) }
    speed = ReadingSpeedEstimator(
      priorCharacters: prior?.characters ?? 0, priorSeconds: prior?.seconds ?? 0, script: script)
    viewStart = now
    stretch = ReadingStretch(start: now)
    loadCachedBreaks()
    if !options.estimatesBeforeFirstPage, !storedPagination {
      openingSamplesGoal = meter.counts.ahead + Self.pagesSampledAtOpening
    }
    show(locator: anchor, exit: .other, keepAnchor: true)
    // The first page shown says "about N pages": learn from the body of the book, not
    // only from the page shown (often a title page), before that figure is first read.
    if options.estimatesBeforeFirstPage {
      meter.during(.ahead) { sample(pages: Self.pagesSampledAtOpening) }
    }
    publishFigures()
  }

  /// What pages are measured with: the book's fonts, or the terminal's cells.
  var glyphSource: any GlyphSource {
    if let cells { return cells }
    if let fonts { return fonts }
    // A session on pixels always has its fonts (made in init or `apply`); this is only
    // reached if making them failed there, and cells are the layout that needs none.
    return CellGlyphSource()
  }

  /// The page shown.
  public var current: ShownPage? {
    currentPage.map { shownPage($0) }
  }

  /// Pages laid out so far, by purpose (for tests and benchmarks).
  package var layoutCounts: LayoutCounts { meter.counts }

  /// Chapters whose layouts are kept (for tests of the memory bound).
  package var keptChapters: Set<Int> {
    Set(layouts.keys).union(pending.map { [$0.chapter] } ?? [])
  }

  /// Waits until the background work (prefetch and, if on, the exact pass and its
  /// workers) is done.
  package func waitForBackground() async {
    while true {
      if let task = background {
        await task.value
        if background == task { background = nil }
      } else if let reports = exactPass?.reports {
        await reports.value
      } else {
        return
      }
    }
  }

  /// The pagination-cache key of the current settings.
  var paginationKey: PaginationKey {
    PaginationKey(
      contentHash: book.contentHash, settingsHash: settings.layoutHash,
      engineVersion: Typesetting.engineVersion)
  }

  /// Reads the library's page breaks for the current settings into `cachedBreaks` and
  /// `knownBreaks`.
  func loadCachedBreaks() {
    cachedBreaks = [:]
    knownBreaks = [:]
    samples = []
    sampling = nil
    storedPagination = false
    guard let library, let breaks = try? library.pageBreaks(for: paginationKey) else { return }
    for (chapter, offsets) in breaks
    where offsets.first == 0 && book.chapters.indices.contains(chapter) {
      cachedBreaks[chapter] = offsets
      knownBreaks[chapter] = offsets
    }
    storedPagination = readingOrder.allSatisfy { knownBreaks[$0] != nil }
  }
}
