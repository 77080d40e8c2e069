import QuireBook
import QuireTypesetting

/// What `quire paginate` keeps of each chapter, taken in reading order whatever order the
/// workers of a parallel pass finish them in: a chapter's pages are dropped once counted,
/// hashed and listed, so at most the chapters finished early wait in memory.
struct ChapterCollector {
  /// A chapter a worker has laid out.
  struct Chapter {
    var index: Int
    var text: StyledText
    var pages: [Page]
    var statistics: PaginationStatistics
  }

  /// The chapter index and page count of each chapter taken, in reading order.
  private(set) var chapters: [(index: Int, pages: Int)] = []
  /// Page starts by chapter index.
  private(set) var breaks: [Int: [Int]] = [:]
  /// Line figures summed over the chapters taken (the shape cache's are the caller's).
  var statistics = PaginationStatistics()
  var digest: PageDigest?
  private(set) var lines: [LineRecord] = []
  private let listsLines: Bool
  /// The position in reading order of the next chapter to take.
  private(set) var next = 0
  private var waiting: [Int: Chapter] = [:]

  init(digest: PageDigest?, listsLines: Bool) {
    self.digest = digest
    self.listsLines = listsLines
  }

  /// Takes the chapter at `position` in reading order, and every chapter after it that
  /// was waiting for it.
  mutating func add(_ chapter: Chapter, at position: Int) {
    waiting[position] = chapter
    while let chapter = waiting.removeValue(forKey: next) {
      take(chapter)
      next += 1
    }
  }

  private mutating func take(_ chapter: Chapter) {
    chapters.append((chapter.index, chapter.pages.count))
    breaks[chapter.index] = chapter.pages.map(\.range.lowerBound)
    digest?.add(chapter: chapter.index, pages: chapter.pages)
    if listsLines {
      lines.append(
        contentsOf: LineRecord.records(
          chapter: chapter.index + 1, pages: chapter.pages, text: chapter.text))
    }
    statistics.add(chapter.statistics)
  }
}
