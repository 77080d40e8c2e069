public import QuireBook

/// Page numbers for positions anywhere in a book, as a reading session knows them: exact
/// for chapters whose page breaks are known (the pagination cache or a finished
/// layout), otherwise estimated from how much text the pages laid out so far hold
/// (`PageDensity`), so a front end says "about".
///
/// A value, so that work off the session's actor (a search listing its matches) can
/// number pages synchronously; made by `ReadingSession.pageNumbering`.
public struct PageNumbering: Hashable, Sendable {
  /// A position's page in the book.
  public struct Number: Hashable, Sendable {
    /// The page's place in the book, from 1.
    public var page: Int
    /// Whether the page's place is exact (every chapter up to it is paginated).
    public var isExact: Bool
  }

  /// Chapter indices in reading order.
  let readingOrder: [Int]
  /// Exact page starts of the paginated chapters (UTF-16 offsets).
  let breaks: [Int: [Int]]
  /// Pages per chapter of the reading order: exact where `breaks` has the chapter.
  let pageCounts: [Int: Int]
  /// How much a page holds, where the breaks are not known.
  let density: PageDensity

  /// Pages in the book (exact when `isExact`).
  public var pagesInBook: Int { readingOrder.reduce(0) { $0 + (pageCounts[$1] ?? 0) } }

  /// Whether every chapter of the reading order is paginated.
  public var isExact: Bool { readingOrder.allSatisfy { breaks[$0] != nil } }

  /// The page in the book holding `locator`.
  public func number(of locator: Locator) -> Number {
    let chapter = locator.chapterIndex
    var before = 0
    var exact = true
    for index in readingOrder where index < chapter {
      before += pageCounts[index] ?? 0
      exact = exact && breaks[index] != nil
    }
    let inChapter: Int
    if let starts = breaks[chapter] {
      inChapter = ChapterLayout.index(of: locator.offset, in: starts) + 1
    } else {
      exact = false
      let estimate = density.page(ofOffset: max(0, locator.offset))
      inChapter = min(estimate, max(1, pageCounts[chapter] ?? estimate))
    }
    return Number(page: before + inChapter, isExact: exact)
  }
}

extension PageNumbering {
  /// Where page `page` of the book (from 1) starts: exact in a paginated chapter, else at
  /// the offset the chapter's estimated pages put it; the book's last page for a number
  /// past the end. What "go to page 120" turns to.
  public func locator(ofPage page: Int) -> Locator {
    var remaining = max(1, page)
    for chapter in readingOrder {
      let count = max(1, pageCounts[chapter] ?? 1)
      if remaining <= count {
        if let starts = breaks[chapter], starts.indices.contains(remaining - 1) {
          return Locator(chapterIndex: chapter, offset: starts[remaining - 1])
        }
        return Locator(chapterIndex: chapter, offset: density.offset(ofPage: remaining))
      }
      remaining -= count
    }
    guard let last = readingOrder.last else { return Locator(chapterIndex: 0) }
    let starts = breaks[last] ?? []
    return Locator(chapterIndex: last, offset: starts.last ?? 0)
  }
}
