import Foundation
package import QuireBook
package import QuireLookup
package import QuireReading
package import QuireRendering
package import QuireSpeech
package import QuireTypesetting

/// What changes a `ReaderState`: what the reader did, or what an effect found.
///
/// The first group comes from the front ends through the `ReaderController`'s public
/// calls; the second is fed back by the controller after running a `ReaderEffect`, so the
/// reducer words every message and decides every change itself.
package enum ReaderAction: Sendable {
  // MARK: What the reader does

  /// A key: text into a field being edited, else the key map's command.
  case key(KeyChord)
  case command(ReaderCommand)
  /// A click or tap at a point of the viewport.
  case click(x: Double, y: Double)
  /// A click on a row of the open panel.
  case chooseRow(Int)
  case resize(Viewport)
  /// A book file dropped on the window.
  case dropBook(path: String)
  /// The window's size (points) and position, to open there next time.
  case rememberWindow(width: Int, height: Int, x: Int, y: Int)
  /// A press on the text at a point of the viewport: selects the `unit` there (a
  /// double-click selects a word) and makes a drag extend by it.
  case selectAt(x: Double, y: Double, unit: Selection.Unit)
  /// A drag (or Shift+click) to a point: the selection's moving end goes there.
  case extendSelectionTo(x: Double, y: Double)
  /// A pointer on a highlight (a right-click): its passage becomes the selection, the
  /// highlight chosen to recolour or remove.
  case chooseHighlightAt(x: Double, y: Double)
  /// The front end put the text to copy somewhere, or could not: what to tell the reader.
  case copied(message: String, failed: Bool)

  // MARK: What effects found

  /// The session moved (or laid the page out again) for `navigation`, or could not
  /// (`moved` false), and shows `view` now.
  case navigated(Navigation, moved: Bool, SessionView)
  /// The progress and time left, read afresh before a screen is drawn.
  case progressRead(ReadingProgress?, ReadingTimeEstimate?)
  /// The session's page numbers changed on their own (exact now, or first estimated).
  case pageNumbersChanged
  /// Matches of search `generation`, one chapter's at a time.
  case searchFound([SearchMatch], generation: Int)
  case searchFinished(generation: Int)
  /// The book's annotations, read for the bookmarks panel or to mark the pages.
  case annotationsRead(AnnotationState, forPanel: Bool)
  case annotationsUnreadable(reason: String, forPanel: Bool)
  /// A library write was made, or failed with `failure`.
  case libraryWritten(LibraryChange, failure: String?)
  /// The library's books, in the order asked for.
  case libraryRead(PanelState.LibraryListing)
  case libraryUnreadable(reason: String, sort: LibrarySort)
  /// The reading statistics, as the charts the panel draws.
  case statisticsRead(StatisticsCharts)
  case statisticsUnreadable(reason: String)
  /// Another book is open, with its library id, showing `view`.
  case bookOpened(Book, bookID: Int?, SessionView)
  /// The book at `path` could not be opened; `reason` says why, without the path.
  case bookNotOpened(path: String, reason: String)
  /// A theme file was read (nil: it could not be, or is not a theme).
  case themeRead(source: String, Theme?)
  case preferencesNotSaved(path: String, reason: String)
  /// The preferences were saved, with something the reader should know (a file that did
  /// not parse was kept aside first).
  case preferencesSaved(notice: String)
  /// An address was handed to the desktop's opener, or could not be.
  case urlOpened(String, failure: String?)
  /// What the dictionaries said about a word; `historyFailure` says why it is not in the
  /// look-up history when it could not be written there.
  case lookedUp(LookUpRequest, LookupResult, historyFailure: String?)
  /// The annotations went to a file (`count` of them), or could not (`failure`).
  case annotationsExported(path: String, count: Int, failure: String?)
  /// The controller's clock, in seconds: sent before each of the reader's actions and, while
  /// something is timed (`.clock`), about twice a second.
  case tick(now: Double)
  /// What is read aloud of a chapter is ready.
  case speechPrepared(SpeechPlan)
  /// Nothing can be read aloud (the engine did not start), and why.
  case speechUnavailable(reason: String, generation: Int)
  /// What the engine says is heard now, for the play of `generation`.
  case speechHeard(SpeechEvent, generation: Int)
}

/// What the session shows after a move, as the controller reads it.
package struct SessionView: Hashable, Sendable {
  /// A page with its chapter.
  package struct Side: Hashable, Sendable {
    package var chapterIndex: Int
    package var page: Page
    /// The frame a fixed-layout spread puts the page in; nil to take the frames in turn.
    package var slot: FixedSpreads.Slot?

    /// A page of chapter `chapterIndex`, in `slot` of a fixed-layout spread.
    package init(chapterIndex: Int, page: Page, slot: FixedSpreads.Slot? = nil) {
      self.chapterIndex = chapterIndex
      self.page = page
      self.slot = slot
    }
  }

  /// The page shown and, for the facing frame of a spread, the one after it; none when
  /// no page could be laid out.
  package var sides: [Side]
  /// The reader's position: the first character of the page turned to, or the one kept
  /// across settings changes (so it may lie inside the page rather than at its start).
  package var position: Locator?
  package var progress: ReadingProgress?
  package var canGoBack: Bool
  package var timeEstimate: ReadingTimeEstimate?

  /// A view of the session.
  package init(
    sides: [Side], position: Locator?, progress: ReadingProgress? = nil, canGoBack: Bool = false,
    timeEstimate: ReadingTimeEstimate? = nil
  ) {
    self.sides = sides
    self.position = position
    self.progress = progress
    self.canGoBack = canGoBack
    self.timeEstimate = timeEstimate
  }
}
