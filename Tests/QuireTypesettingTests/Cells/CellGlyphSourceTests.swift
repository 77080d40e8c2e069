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

  /// Words in a justified terminal line start on whole cells with at least one cell
  /// between them: rounding each glyph on its own used to run words together.
  @Test func justifiedCellLinesKeepEveryWordWholeAndApart() throws {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.alignment = .justified
    builder.beginParagraph(style)
    builder.append(
      Array(
        repeating: "She could not make a mistake; her men, though limited, are true.", count: 12
      )
      .joined(separator: " "))
    builder.endParagraph()
    let text = builder.build()
    let pages = Paginator.cells(text: text, columns: 37, rows: 40).paginateAll()
    for line in pages.flatMap(\.lines) {
      var cells = [Character](repeating: " ", count: 37)
      for run in line.runs {
        for (glyph, position) in zip(run.glyphs, run.positions) {
          cells[Int(position.x)] = Character(Unicode.Scalar(glyph)!)
        }
      }
      let drawn = String(cells).split(separator: " ").map(String.init)
      let words = text.substring(line.range).split(whereSeparator: \.isWhitespace).map(String.init)
      #expect(drawn == words, "\(String(cells))")
    }
  }

  /// The word store of a terminal is emptied as it fills; the pages stay the same.
  @Test func aSmallWordStoreGivesTheSamePages() throws {
    var builder = StyledTextBuilder()
    for paragraph in 0..<400 {
      builder.append(
        (0..<30).map { "word\(paragraph * 30 + $0) of paragraph \(paragraph)," }
          .joined(separator: " "))
      builder.endParagraph()
    }
    let text = builder.build()
    func pages(_ capacity: Int) -> ([Page], Int) {
      let source = CellGlyphSource(wordCapacity: capacity)
      let paginator = Paginator(
        text: text,
        container: TextContainer(
          width: 50, height: 20, margins: EdgeInsets(all: 0), minimumSegmentWidth: 4),
        settings: LayoutSettings(fontSize: 1, lineHeight: 1, hyphenation: false),
        source: source)
      return (paginator.paginateAll(), source.words.count)
    }
    let (small, kept) = pages(500)
    let (large, all) = pages(1_000_000)
    #expect(all > 12_000)
    #expect(kept <= 500 + 60, "the store was emptied as it filled (\(kept) words kept)")
    #expect(small == large)
  }
}
