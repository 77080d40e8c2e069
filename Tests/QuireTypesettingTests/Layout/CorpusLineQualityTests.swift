import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

/// Every corpus book at the reader's default page: no justified line looser than |r| 3
/// unless its paragraph cannot do better.
///
/// "Cannot do better" is measured apart from the breaker's own demerits: over every way
/// of breaking the paragraph at that width into lines that fit, the least possible worst
/// |r| of a justified line (`leastWorstRatio`) is itself above 3. The share of justified
/// lines looser than 1 is printed per book (`quire paginate --stats` reports it too).
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct CorpusLineQualityTests {
  static let books = Corpus.booksOneFilePerText

  @Test(arguments: books)
  func noAvoidablyLooseLine(_ book: String) throws {
    let opened = try Book.open(Corpus.path(book))
    var settings = LayoutSettings()
    settings.hyphenationLanguage = opened.metadata.language
    let container = TextContainer(width: 600, height: 800, margins: EdgeInsets(all: 48))
    let fonts = try FontContext()
    var statistics = PaginationStatistics()
    for chapter in opened.readingOrder {
      let paginator = Paginator(
        text: try opened.text(ofChapter: chapter), container: container, settings: settings,
        fonts: fonts)
      _ = paginator.paginateAll()
      statistics.add(paginator.statistics)
    }
    print(
      "\(book): \(statistics.justifiedLines) justified lines, "
        + String(
          format: "%.2f %% with |r| > 1, max %.2f, ", statistics.looseShare * 100,
          statistics.maxAdjustment)
        + "\(statistics.veryLooseLines) past 3 in paragraphs that cannot do better")
    #expect(statistics.avoidableVeryLooseLines == 0)
  }
}
