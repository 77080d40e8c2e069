import QuireBook
import Testing

@testable import QuireTypesetting

/// A dictionary's or glossary's headword (`<dt>`, kept with the next paragraph) never
/// ends a page whose definition starts overleaf.
@Suite struct DefinitionListLayoutTests {
  /// Sixty entries: a headword, then a definition of one to four lines.
  private static func glossary(keepingTerms: Bool) -> StyledText {
    var builder = StyledTextBuilder()
    for entry in 0..<60 {
      var term = ParagraphStyle()
      term.keepWithNext = keepingTerms
      builder.beginParagraph(term)
      var bold = TextAttributes()
      bold.weight = 700
      builder.append("headword \(entry)", bold)
      builder.endParagraph()
      var definition = ParagraphStyle()
      definition.leftIndent = 2
      builder.beginParagraph(definition)
      builder.append(
        String(repeating: "a definition of some length ", count: 1 + (entry * 7) % 9),
        TextAttributes())
      builder.endParagraph()
    }
    return builder.build()
  }

  /// Pages (all but the last) whose last character is in a headword.
  private static func pagesEndingWithATerm(_ text: StyledText, _ pages: [Page]) -> [Int] {
    pages.dropLast().filter { page in
      let last = page.range.upperBound - 1
      let paragraph = text.paragraphs.first { $0.range.contains(last) }
      return text.substring(paragraph?.range ?? 0..<0).hasPrefix("headword")
    }.map(\.index)
  }

  @Test func noPageEndsWithAHeadword() {
    let loose = Self.glossary(keepingTerms: false)
    let loosePages = Paginator.cells(text: loose, columns: 40, rows: 11).paginateAll()
    // Without the rule the layout does strand headwords: the test can tell.
    #expect(!Self.pagesEndingWithATerm(loose, loosePages).isEmpty)
    let kept = Self.glossary(keepingTerms: true)
    let pages = Paginator.cells(text: kept, columns: 40, rows: 11).paginateAll()
    #expect(Self.pagesEndingWithATerm(kept, pages).isEmpty)
    #expect(PageChecks.coverage(pages, length: kept.length).isEmpty)
  }
}
