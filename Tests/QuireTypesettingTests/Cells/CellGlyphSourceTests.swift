import QuireBook
import Testing

@testable import QuireTypesetting

@Suite struct CellGlyphSourceTests {
  @Test func wideCharactersTakeTwoCellsAndLinesFitTheTerminal() throws {
    var builder = StyledTextBuilder()
    let english = Array(repeating: "The quick brown fox jumps over the lazy dog.", count: 8)
    builder.append(english.joined(separator: " "))
    builder.endParagraph()
    var chinese = ParagraphStyle()
    chinese.language = "zh"
    builder.beginParagraph(chinese)
    builder.append(String(repeating: "满纸荒唐言，一把辛酸泪。都云作者痴，谁解其中味？", count: 6))
    builder.endParagraph()
    let text = builder.build()
    let paginator = Paginator.cells(text: text, columns: 40, rows: 10)
    let pages = paginator.paginateAll()
    #expect(PageChecks.coverage(pages, length: text.length) == [])
    for line in pages.flatMap(\.lines) {
      for run in line.runs {
        #expect(run.positions.allSatisfy { $0.x == $0.x.rounded() && $0.x >= 0 })
        for (glyph, position) in zip(run.glyphs, run.positions) {
          let width: Float = CJK.isWide(glyph) ? 2 : 1
          #expect(position.x + width <= 40, "\(Unicode.Scalar(glyph)!) at \(position.x)")
        }
      }
      #expect(!line.isHyphenated)
    }
    // Chinese lines are full: 40 cells hold 20 ideographs (the first loses the 2-em indent).
    let chineseLines = pages.flatMap(\.lines).filter {
      text.substring($0.range).unicodeScalars.first.map { CJK.isWide($0.value) } ?? false
    }
    #expect(chineseLines.count >= 8)
    #expect(chineseLines.dropFirst().dropLast().allSatisfy { text.substring($0.range).count >= 19 })
  }
}
