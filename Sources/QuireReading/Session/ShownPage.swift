public import QuireBook
public import QuireTypesetting

/// The page a session shows, with where the reader is and how far through the book.
public struct ShownPage: Hashable, Sendable {
  /// The chapter's index in `Book.chapters`.
  public var chapterIndex: Int
  /// The laid-out page, in chapter coordinates.
  public var page: Page
  /// The reader's position: the first character of the page the reader turned to, kept
  /// across settings changes (so it may lie inside this page rather than at its start).
  public var locator: Locator
  public var progress: ReadingProgress
}
