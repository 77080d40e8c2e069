/// What a search found in one chapter: reported for every chapter searched, in reading
/// order, so a front end can show progress even through chapters without matches.
public struct ChapterSearchResult: Hashable, Sendable {
  /// The chapter's index in `Book.chapters`.
  public var chapterIndex: Int
  /// The chapter's matches, in text order.
  public var matches: [SearchMatch]
  /// Whether the search stopped in this chapter because it reached its limit; no
  /// result follows one that did.
  public var reachedLimit: Bool

  /// Creates a chapter's result.
  public init(chapterIndex: Int, matches: [SearchMatch], reachedLimit: Bool = false) {
    self.chapterIndex = chapterIndex
    self.matches = matches
    self.reachedLimit = reachedLimit
  }
}
