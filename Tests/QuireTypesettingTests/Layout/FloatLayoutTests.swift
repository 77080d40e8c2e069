import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

/// Short floated inline runs (CSS `float` on a span) sit at the edge of their line, as a
/// poetry edition sets its line numbers in the margin of the verse they number.
@Suite struct FloatLayoutTests {
  /// A glyph of a line, with the chapter offset it shows.
  private typealias Glyph = (x: Float, y: Float, cluster: Int)

  private func glyphs(of line: Line) -> [Glyph] {
    line.runs.flatMap { run in
      run.glyphs.indices.map { (run.positions[$0].x, run.positions[$0].y, Int(run.clusters[$0])) }
    }
  }

  /// Lays out paragraphs (text and, optionally, a floated tail) on the test page.
  private func layout(
    _ paragraphs: [(text: String, float: String?, side: TextAttributes.FloatSide)]
  )
    throws -> (text: StyledText, pages: [Page])
  {
    var builder = StyledTextBuilder()
    for paragraph in paragraphs {
      builder.beginParagraph(ParagraphStyle())
      builder.append(paragraph.text)
      if let float = paragraph.float {
        var floated = TextAttributes()
        floated.float = paragraph.side
        builder.append(float, floated)
      }
      builder.endParagraph()
    }
    let text = builder.build()
    let pages = try Paginator(text: text, container: TestText.page, fonts: FontContext())
      .paginateAll()
    #expect(PageChecks.coverage(pages, length: text.length).isEmpty)
    return (text, pages)
  }

  /// The x of the first glyph of `number` set flush right on its own: where a number
  /// ending at the right text edge starts.
  private func flushRightStart(_ number: String = "20", language: String? = nil) throws -> Float {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.alignment = .right
    style.language = language
    builder.beginParagraph(style)
    builder.append(number)
    builder.endParagraph()
    let pages = try Paginator(
      text: builder.build(), container: TestText.page, fonts: FontContext()
    ).paginateAll()
    return try #require(pages.first?.lines.first.map(glyphs)?.map(\.x).min())
  }

  @Test func aRightFloatEndsAtTheRightTextEdgeOnItsLineAndTheTextKeepsClear() throws {
    let verse = "Son of man,"
    let (text, pages) = try layout([(verse, "20", .right)])
    let line = try #require(pages.first?.lines.first)
    #expect(pages[0].lines.count == 1)
    #expect(line.range == 0..<text.length)
    let all = glyphs(of: line)
    let number = all.filter { $0.cluster >= verse.utf16.count }
    let words = all.filter { $0.cluster < verse.utf16.count }
    #expect(number.count == 2 && words.count >= 9)
    // Where "20" set flush right starts: the float ends at the right edge within a pixel.
    let start = try #require(number.map(\.x).min())
    #expect(abs(start - (try flushRightStart())) < 1, "the number starts at \(start)")
    #expect(start > 450)
    // On the line's baseline, and the verse stays left of it by more than the gap.
    #expect(number.allSatisfy { abs(Double($0.y) - line.baseline) < 0.5 })
    #expect(words.allSatisfy { $0.x < start - 16 })
    #expect(try #require(words.map(\.x).min()) < 60)
  }

  @Test func aLeftFloatSitsAtTheLeftEdgeAndMovesItsLineRight() throws {
    let verse = "Son of man,"
    let (_, pages) = try layout([(verse, "20", .left), (verse, nil, .left)])
    let floated = try #require(pages.first?.lines.first)
    let plain = try #require(pages.first?.lines.last)
    let all = glyphs(of: floated)
    let number = all.filter { $0.cluster >= verse.utf16.count }
    let words = all.filter { $0.cluster < verse.utf16.count }.sorted { $0.x < $1.x }
    let unfloated = glyphs(of: plain).sorted { $0.x < $1.x }
    let numberStart = try #require(number.map(\.x).min())
    #expect(abs(numberStart - 50) < 1, "the number starts at the left edge")
    // The verse moves right by the number's width plus an em of 16 px.
    let width = 550 - (try flushRightStart())
    let moved = try #require(words.first).x - (try #require(unfloated.first).x)
    #expect(abs(Double(moved) - Double(width) - 16) < 1, "moved by \(moved)")
    #expect(words.allSatisfy { $0.x > numberStart + width })
  }

  @Test func aFloatOnAnIndentedFirstLineStandsAtTheMarginAndTheIndentStaysWithTheText()
    throws
  {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.firstLineIndent = 2
    builder.beginParagraph(style)
    var floated = TextAttributes()
    floated.float = .left
    builder.append("7", floated)
    builder.append("Seven words")
    builder.endParagraph()
    let pages = try Paginator(
      text: builder.build(), container: TestText.page, fonts: FontContext()
    ).paginateAll()
    let all = glyphs(of: try #require(pages.first?.lines.first))
    let number = try #require(all.first { $0.cluster == 0 })
    let first = try #require(all.first { $0.cluster == 1 })
    #expect(abs(number.x - 50) < 1, "the number is at the margin, at \(number.x)")
    // The text starts after the indent (2 em), the number's width and the em of gap.
    #expect(first.x > 50 + 3 * 16 && first.x < 50 + 3 * 16 + 20, "the text starts at \(first.x)")
  }

  @Test func aFloatInsideAJustifiedParagraphShortensOnlyItsLine() throws {
    let words = Array(repeating: "plain words of text set in lines", count: 8)
      .joined(separator: " ")
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.alignment = .justified
    builder.beginParagraph(style)
    builder.append(words + " anchor")
    var floated = TextAttributes()
    floated.float = .right
    builder.append("p. 12", floated)
    builder.append(" " + words)
    builder.endParagraph()
    let text = builder.build()
    let pages = try Paginator(text: text, container: TestText.page, fonts: FontContext())
      .paginateAll()
    #expect(PageChecks.coverage(pages, length: text.length).isEmpty)
    let floatStart = (words + " anchor").utf16.count
    let lines = try #require(pages.first?.lines)
    let home = try #require(lines.firstIndex { $0.range.contains(floatStart) })
    let all = glyphs(of: lines[home])
    let number = all.filter { (floatStart..<floatStart + 5).contains($0.cluster) }
    #expect(number.count == 4)  // "p.", "1", "2": the space is not drawn
    let start = try #require(number.map(\.x).min())
    // The anchor word is on the same line, left of the float with the gap between.
    #expect(all.contains { $0.cluster == floatStart - 1 })
    #expect(all.filter { $0.cluster < floatStart }.allSatisfy { $0.x < start - 16 })
    // Other justified lines still reach the right edge: only the float's line is short.
    let other = glyphs(of: lines[home == 0 ? 1 : 0]).map(\.x).max() ?? 0
    #expect(other > start)
  }

  @Test func aRightFloatInAHebrewParagraphAndInTerminalCellsStaysAtTheRightEdge() throws {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.language = "he"
    builder.beginParagraph(style)
    builder.append("שלום עולם")
    var floated = TextAttributes()
    floated.float = .right
    builder.append("12", floated)
    builder.endParagraph()
    let text = builder.build()
    let pages = try Paginator(text: text, container: TestText.page, fonts: FontContext())
      .paginateAll()
    let all = glyphs(of: try #require(pages.first?.lines.first))
    let number = all.filter { $0.cluster >= 9 }
    let start = try #require(number.map(\.x).min())
    let edge = try flushRightStart("12", language: "he")
    #expect(abs(start - edge) < 1, "the number starts at \(start), not \(edge)")
    #expect(all.filter { $0.cluster < 9 }.allSatisfy { $0.x < start - 16 })
    // In a terminal: 40 columns, the number in the last two, the text clear of it.
    let cells = Paginator.cells(text: text, columns: 40, rows: 10).paginateAll()
    let line = try #require(cells.first?.lines.first)
    let columns = glyphs(of: line)
    #expect(columns.filter { $0.cluster >= 9 }.map(\.x).sorted() == [38, 39])
    #expect(columns.filter { $0.cluster < 9 }.allSatisfy { $0.x < 37 })
    #expect(PageChecks.coverage(cells, length: text.length).isEmpty)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func everyLineNumberOfTheWasteLandIsAtTheRightMargin() throws {
    let book = try Book.open(Corpus.path("epub/idpf-wasteland-otf-obf.epub"))
    let index = try #require(
      book.chapters.firstIndex { $0.href?.hasSuffix("wasteland-content.xhtml") == true })
    let text = try book.text(ofChapter: index)
    let floats = text.runs.filter { $0.value.float == .right }.map(\.range)
    #expect(floats.count >= 40, "the poem numbers every tenth line or so")
    let pages = try Paginator(text: text, container: TestText.page, fonts: FontContext())
      .paginateAll()
    #expect(PageChecks.coverage(pages, length: text.length).isEmpty)
    let right = try flushRightStart()
    var checked = 0
    for range in floats {
      let line = try #require(
        pages.lazy.flatMap(\.lines).first { $0.range.contains(range.lowerBound) })
      let all = glyphs(of: line)
      let number = all.filter { range.contains($0.cluster) }
      let rest = all.filter { !range.contains($0.cluster) }
      let start = try #require(number.map(\.x).min(), "\(text.substring(range))")
      // Two-digit numbers start where "20" flush right does (within the digits' widths);
      // every number ends near the right margin, right of all the verse.
      #expect(start > right - 30 && start < 550, "\(text.substring(range)) at \(start)")
      #expect(rest.allSatisfy { $0.x < start - 10 }, "\(text.substring(line.range))")
      #expect(number.allSatisfy { abs(Double($0.y) - line.baseline) < 0.5 })
      checked += 1
    }
    #expect(checked == floats.count)
  }
}
