import QuireBook
import Testing

@testable import QuireTypesetting

/// The final passes of Knuth–Plass stop rating lines that cannot come within reach of the
/// best candidate. That early stop must be exact: on every chapter of every corpus book,
/// the pages set with it and without it (`LineBreaking.totalFitUnpruned`, every line
/// rated) are the same, line for line.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct CorpusPruningTests {
  @Test(arguments: CorpusLineQualityTests.books)
  func prunedAndUnprunedSearchesBreakEveryChapterAlike(_ book: String) throws {
    let opened = try Book.open(Corpus.path(book))
    let container = TextContainer(width: 600, height: 800, margins: EdgeInsets(all: 48))
    let fonts = try FontContext()
    var pruned = LayoutSettings()
    pruned.hyphenationLanguage = opened.metadata.language
    var unpruned = pruned
    unpruned.lineBreaking = .totalFitUnpruned
    var lines = 0
    for chapter in opened.readingOrder {
      let text = try opened.text(ofChapter: chapter)
      let one = Paginator(text: text, container: container, settings: pruned, fonts: fonts)
        .paginateAll()
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
  }
}
