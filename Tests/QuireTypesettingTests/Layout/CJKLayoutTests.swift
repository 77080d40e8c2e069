import QuireBook
import Testing

@testable import QuireTypesetting

@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct CJKLayoutTests {
  @Test func noLineStartsWithClosingOrEndsWithOpeningPunctuation() throws {
    let text = TestText.styled(try TestText.hongloumeng(from: "第一回", to: "第三回"), indent: 0)
    let paginator = Paginator(text: text, container: TestText.page, fonts: try FontContext())
    let pages = paginator.paginateAll()
    #expect(PageChecks.coverage(pages, length: text.length) == [])
    var lines = 0
    for line in pages.flatMap(\.lines) {
      let shown = text.substring(line.range).trimmingCharacters(in: .newlines)
      guard let first = shown.unicodeScalars.first, let last = shown.unicodeScalars.last else {
        continue
      }
      lines += 1
      #expect(!CJK.noLineStart.contains(first.value), "line starts with \(first): \(shown)")
      #expect(!CJK.noLineEnd.contains(last.value), "line ends with \(last): \(shown)")
    }
    #expect(lines > 200)
  }

  @Test func chineseLinesAreJustifiedToTheMeasure() throws {
    let text = TestText.styled(try TestText.hongloumeng(from: "第一回", to: "第二回"), indent: 0)
    let paginator = Paginator(text: text, container: TestText.page, fonts: try FontContext())
    let pages = paginator.paginateAll()
    let justified = pages.flatMap(\.lines).filter(\.isJustified)
    #expect(justified.count > 100)
    for line in justified.prefix(200) {
      let shown = text.substring(line.range).unicodeScalars
      // Ideographs and full-width punctuation are one em wide.
      guard let last = shown.last, CJK.isWide(last.value) else { continue }
      let run = try #require(line.runs.last)
      let right = Double(try #require(run.positions.last).x) + 16
      #expect(abs(right - 550) < 2.5, "line ends at \(right): \(text.substring(line.range))")
    }
    // Body paragraphs start two ideographs in.
    let firstBody = try #require(
      pages.flatMap(\.lines).first { text.substring($0.range).hasPrefix("此开卷") })
    #expect(Double(firstBody.runs[0].positions[0].x) >= 50 + 31)
  }

  @Test func mixedScriptsGetFacesThatHaveTheirGlyphs() throws {
    var builder = StyledTextBuilder()
    builder.append("Baoyu (宝玉) meets Daiyu (黛玉) in chapter three of 红楼梦, the Dream.")
    builder.endParagraph()
    var chinese = ParagraphStyle()
    chinese.language = "zh-Hans"
    builder.beginParagraph(chinese)
    builder.append("曹雪芹著《红楼梦》，English translation by David Hawkes 1973年。")
    builder.endParagraph()
    let text = builder.build()
    let page = try #require(
      Paginator(text: text, container: TestText.page, fonts: try FontContext()).page(at: 0))
    let runs = page.lines.flatMap(\.runs)
    #expect(runs.allSatisfy { !$0.glyphs.contains(0) })  // no .notdef: no tofu
    #expect(runs.contains { $0.font.path.contains("NotoSerifCJK") })
    #expect(runs.contains { $0.font.path.contains("EBGaramond") })
  }
}
