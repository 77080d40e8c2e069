public import QuireBook

/// A search for a query in a whole book: every occurrence, with its chapter, UTF-16
/// range and a one-line snippet.
///
/// Matching is case-insensitive (Unicode case folding: `straße` matches `STRASSE`) and
/// width-insensitive (full-width and half-width forms are the same: `ＡＢＣ` matches
/// `abc`, `ｶﾀｶﾅ` matches `カタカナ`) and quote-insensitive (`Elizabeth's` matches
/// `Elizabeth’s`); diacritics count (`é` is not `e`) and Chinese is
/// matched as written (no simplified/traditional folding). Occurrences do not overlap:
/// the scan goes left to right and resumes after each match.
///
/// Chapters are searched one at a time, in index order (non-linear ones included), each
/// folded once into a buffer with a map back to UTF-16 offsets. Results come per chapter
/// — as an `AsyncSequence` from `results()`, or through a callback from
/// `forEachChapter(_:)` — so a front end shows the first matches of a long book at once.
/// Both stop with `CancellationError` when their task is cancelled: the check runs
/// between chapters and every 65,536 characters within one.
public struct BookSearch: Sendable {
  /// The book searched.
  public let book: Book
  /// What is searched for, as the reader typed it.
  public let query: String
  /// Stop after this many matches; nil for all.
  public var limit: Int?
  /// Gives the page a position is on, when the caller knows (a reading session with a
  /// pagination); called once per match.
  public var pageNumber: (@Sendable (Locator) -> Int?)?

  /// Creates a search for `query` in `book`.
  public init(
    book: Book, query: String, limit: Int? = nil,
    pageNumber: (@Sendable (Locator) -> Int?)? = nil
  ) {
    self.book = book
    self.query = query
    self.limit = limit
    self.pageNumber = pageNumber
  }

  /// Whether the query folds to nothing (empty), so that no text can match it.
  public var isEmpty: Bool {
    var folder = SearchFolder()
    var folded = FoldedText()
    folder.fold(query, into: &folded)
    return folded.count == 0
  }

  /// Searches chapter by chapter, calling `body` with each chapter's result in reading
  /// order, on the calling thread; stops early at the limit.
  ///
  /// - Throws: `CancellationError` when the current task is cancelled, or what `body`
  ///   throws; the results already delivered stand.
  public func forEachChapter(_ body: (ChapterSearchResult) throws -> Void) throws {
    var engine = SearchEngine(self)
    for index in book.chapters.indices {
      let result = try engine.searchChapter(index)
      try body(result)
      if result.reachedLimit || engine.isFinished { return }
    }
  }

  /// All matches, in reading order (up to the limit).
  public func allMatches() throws -> [SearchMatch] {
    var matches: [SearchMatch] = []
    try forEachChapter { matches += $0.matches }
    return matches
  }

  /// The chapters' results as an asynchronous sequence, one element per chapter searched.
  public func results() -> Results {
    Results(search: self)
  }
}
