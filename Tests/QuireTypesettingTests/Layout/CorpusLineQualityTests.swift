import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

/// Every chapter of every corpus book at the reader's default page, set twice: once as the
/// reader sets it, once with `LineBreaking.totalFitUnpruned`. Both checks share the first
/// setting, which is most of their cost (they were two tests, each setting every book).
///
/// - No justified line is looser than |r| 3 unless its paragraph cannot do better.
///   "Cannot do better" is measured apart from the breaker's own demerits: over every way
///   of breaking the paragraph at that width into lines that fit, the least possible worst
///   |r| of a justified line (`leastWorstRatio`) is itself above 3. The share of justified
///   lines looser than 1 is printed per book (`quire paginate --stats` reports it too).
/// - The final passes of Knuth–Plass stop rating lines that cannot come within reach of
///   the best candidate. That early stop must be exact: the pages set with it and without
///   it (every line rated) are the same, line for line.
@Suite(
  .tags(.corpus), .unlessSkipping(.corpus), .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct CorpusLineQualityTests {
  static let books = Corpus.booksOneFilePerText

  @Test(arguments: books)
  func noAvoidablyLooseLineAndPrunedAndUnprunedSearchesBreakAlike(_ book: String) throws {
    let opened = try Book.open(Corpus.path(book))
    let container = TextContainer(width: 600, height: 800, margins: EdgeInsets(all: 48))
    let fonts = try FontContext()
    var pruned = LayoutSettings()
    pruned.hyphenationLanguage = opened.metadata.language
    var unpruned = pruned
    unpruned.lineBreaking = .totalFitUnpruned
    var statistics = PaginationStatistics()
    var lines = 0
    for chapter in opened.readingOrder {
      let text = try opened.text(ofChapter: chapter)
      let paginator = Paginator(text: text, container: container, settings: pruned, fonts: fonts)
      let one = paginator.paginateAll()
      statistics.add(paginator.statistics)
      let other = Paginator(text: text, container: container, settings: unpruned, fonts: fonts)
        .paginateAll()
      let first = one.flatMap(\.lines).map(\.range)
      let second = other.flatMap(\.lines).map(\.range)
      lines += first.count
      if first != second {
        let at =
          zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset
          ?? min(first.count, second.count)
        Issue.record("\(book) chapter \(chapter + 1): line \(at + 1) differs")
      }
    }
    #expect(lines > 0)
    print(
      "\(book): \(statistics.justifiedLines) justified lines, "
        + String(
          format: "%.2f %% with |r| > 1, max %.2f, ", statistics.looseShare * 100,
          statistics.maxAdjustment)
        + "\(statistics.veryLooseLines) past 3 in paragraphs that cannot do better")
    #expect(statistics.avoidableVeryLooseLines == 0)
  }
}
