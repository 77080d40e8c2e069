import QuireBook
import QuireReading

/// Where the reader is in a book, as a reading session with the commands' settings
/// (`CommandSettings`) sees it at the saved position — without recording anything
/// (`ReadingSession.Options.peek`).
///
/// Page numbers are exact when the library's pagination cache holds the book for those
/// settings (after `quire paginate`, or a reader's full pass on that page), otherwise
/// estimated by the session from pages it samples; the
/// time left comes from the reading speed of the library's reading sessions.
struct ReadingPeek: Sendable {
  /// The page at the saved position (nil for a book without chapters).
  var shown: ShownPage?
  /// Time left at the reader's speed; nil before any reading was recorded.
  var estimate: ReadingTimeEstimate?
  /// Page numbers for any position in the book.
  var numbering: PageNumbering

  /// Opens a peek session on `book` and reads its figures.
  ///
  /// - Throws: `TypesettingError` when fonts cannot be loaded; `LibraryError` when the
  ///   library cannot be read.
  init(book: Book, library: Library?, settings: ReadingSettings)
    throws
  {
    self = try CallingThreadExecutor.run {
      let session = try await ReadingSession(
        book: book, library: library, settings: settings, options: .peek)
      return ReadingPeek(
        shown: await session.current, estimate: await session.timeEstimate(),
        numbering: await session.pageNumbering)
    }
  }

  private init(shown: ShownPage?, estimate: ReadingTimeEstimate?, numbering: PageNumbering) {
    self.shown = shown
    self.estimate = estimate
    self.numbering = numbering
  }
}
