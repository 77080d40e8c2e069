import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct LongParagraphTests {
  @Test func fiveMegabytesWithoutSpacesPaginatesByEmergencyBreaks() throws {
    let data = try Data(
      contentsOf: URL(fileURLWithPath: Corpus.path("bad/single-line-5mb-nospace.txt")))
    var builder = StyledTextBuilder()
    builder.append(String(decoding: data, as: UTF8.self))
    let text = builder.build()
    let paginator = Paginator(text: text, container: TestText.page, fonts: try FontContext())
    // The first page comes without laying out the whole paragraph's pages first…
    let first = try #require(paginator.page(at: 0))
    #expect(first.lines.count > 20)
    // …and the whole chapter completes (work is linear: greedy breaking, bounded pieces).
    let pages = paginator.paginateAll()
    #expect(pages.count > 1000)
    #expect(PageChecks.coverage(pages, length: text.length) == [])
    #expect(paginator.statistics.greedyParagraphs == 1)
    for line in pages[5].lines {
      #expect((line.runs.last?.positions.last).map { $0.x <= 551 } ?? true)
    }
  }
}
