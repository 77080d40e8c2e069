/// Where the reader is: chapter, page in chapter, page in book, percent by characters.
///
/// Page figures are exact when every chapter of the reading order is paginated (by the
/// library's pagination cache or the background pass); until then the counts the reader
/// has not reached are estimates from the running average characters per page (seed
/// 002), and a front end should say "about". Named `ReadingProgress` rather than
/// `Progress` so that it never clashes with Foundation's `Progress` in client code.
public struct ReadingProgress: Hashable, Sendable {
  /// The chapter's place in the reading order, from 1.
  public var chapterNumber: Int
  /// Chapters in the reading order.
  public var chapterCount: Int
  /// The page's place in its chapter, from 1 (always exact).
  public var pageInChapter: Int
  /// Pages in the chapter (exact once the chapter is laid out or cached).
  public var pagesInChapter: Int
  /// The page's place in the book, from 1.
  public var pageInBook: Int
  /// Pages in the book.
  public var pagesInBook: Int
  /// True when `pageInBook` and `pagesInBook` are exact.
  public var isExact: Bool
  /// Fraction of the book's characters before the page's first character, 0…1.
  public var fraction: Double
  /// True while the book is opening and the page figures are not estimated yet (the
  /// session shows its first page before its opening samples): show the fraction alone.
  public var isPageCountPending = false

  /// Creates a progress value.
  public init(
    chapterNumber: Int, chapterCount: Int, pageInChapter: Int, pagesInChapter: Int,
    pageInBook: Int, pagesInBook: Int, isExact: Bool, fraction: Double
  ) {
    self.chapterNumber = chapterNumber
    self.chapterCount = chapterCount
    self.pageInChapter = pageInChapter
    self.pagesInChapter = pagesInChapter
    self.pageInBook = pageInBook
    self.pagesInBook = pagesInBook
    self.isExact = isExact
    self.fraction = fraction
  }

  /// Whole percent through the book, 0…100.
  public var percent: Int { Int((fraction * 100).rounded(.down)) }
}
