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

/// "……" and "——" never start a line, whatever comes before them.
@Suite struct CJKDashAndEllipsisTests {
  @Test func ellipsesAndDashesNeverStartALine() throws {
    // Each mark after an ideograph, a full stop, a comma and a closing quotation mark.
    let pieces = ["他说", "好。", "来，", "“走”", "哎", "罢！"]
    var sentence = ""
    for (k, piece) in pieces.enumerated() {
      sentence += piece + (k.isMultiple(of: 2) ? "……" : "——") + "这是一句很长的话语"
    }
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.language = "zh-Hans"
    builder.beginParagraph(style)
    builder.append(String(repeating: sentence, count: 3))
    builder.endParagraph()
    let text = builder.build()
    let fonts = try FontContext()
    var lines = 0
    // Every width from 12 to 30 ideographs: each mark meets a line start at one of them.
    for ems in 12...30 {
      let width = Double(ems) * 16 + 100
      let container = TextContainer(width: width, height: 4000, margins: EdgeInsets(all: 50))
      let page = try #require(Paginator(text: text, container: container, fonts: fonts).page(at: 0))
      for line in page.lines.dropFirst() {
        lines += 1
        let shown = text.substring(line.range)
        #expect(!shown.hasPrefix("…") && !shown.hasPrefix("—"), "\(ems) em: \(shown)")
      }
    }
    #expect(lines > 100)
  }
}
