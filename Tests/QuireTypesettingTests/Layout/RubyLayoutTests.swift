import QuireBook
import Testing

@testable import QuireTypesetting

/// Ruby as a reader sees it: the reading at half size above its base and centred on it,
/// never parted from it, the line gap grown only where a line has ruby.
@Suite struct RubyLayoutTests {
  /// One Japanese paragraph whose `rubies` ("base:reading") annotate the first
  /// occurrence of each base after the previous one.
  private func text(_ paragraph: String, rubies: [String], alignment: Alignment = .left)
    -> StyledText
  {
    var style = ParagraphStyle()
    style.language = "ja"
    style.alignment = alignment
    var builder = StyledTextBuilder()
    builder.beginParagraph(style)
    builder.append(paragraph, TextAttributes())
    builder.endParagraph()
    var text = builder.build()
    var from = paragraph.startIndex
    for ruby in rubies {
      let parts = ruby.split(separator: ":").map(String.init)
      let found = paragraph.range(of: parts[0], range: from..<paragraph.endIndex)!
      let lower = paragraph.utf16.distance(from: paragraph.startIndex, to: found.lowerBound)
      text.rubies.append(
        RubyAnnotation(base: lower..<(lower + parts[0].utf16.count), text: parts[1]))
      from = found.upperBound
    }
    return text
  }

  typealias Alignment = ParagraphStyle.Alignment

  private func pages(_ text: StyledText, width: Double = 400, size: Double = 20) throws -> [Page] {
    let container = TextContainer(width: width, height: 2000, margins: EdgeInsets(all: 10))
    let paginator = Paginator(
      text: text, container: container,
      settings: LayoutSettings(fontSize: size, language: "ja"), fonts: try FontContext())
    return paginator.paginateAll()
  }

  /// The x of the glyph for chapter offset `offset` on `line`.
  private func x(of offset: Int, on line: Line) -> Double? {
    for run in line.runs {
      if let g = run.clusters.firstIndex(of: Int32(offset)) { return Double(run.positions[g].x) }
    }
    return nil
  }

  @Test func theReadingSitsAboveItsBaseAtHalfSizeCentredOnIt() throws {
    let styled = text("吾輩は猫である。", rubies: ["吾輩:わがはい"])
    let line = try #require(try pages(styled).first?.lines.first)
    let reading = try #require(line.annotations.first)
    let base = try #require(line.runs.first)
    #expect(reading.size == base.size / 2)
    #expect(reading.glyphs.count == 4)
    // The base 吾輩 is two ems from its first glyph; the reading four half-ems.
    let baseStart = try #require(x(of: 0, on: line))
    let baseEnd = try #require(x(of: 2, on: line))
    let readingStart = Double(reading.positions[0].x)
    let readingEnd = Double(reading.positions[3].x) + reading.size
    #expect(abs((readingStart + readingEnd) / 2 - (baseStart + baseEnd) / 2) < 0.5)
    // Above the base's em box (0.88 em over the baseline), under the line's top.
    let y = Double(reading.positions[0].y)
    #expect(y <= line.baseline - 0.88 * base.size + 0.5)
    #expect(y - 0.88 * reading.size >= line.frame.y - 0.5)
    #expect(Set(reading.clusters) == [0])
  }

  @Test func aShortReadingIsSpreadOverAGroupBase() throws {
    // やまと (one and a half ems at half size) over 大和 (two ems).
    let styled = text("それは大和という", rubies: ["大和:やまと"])
    let line = try #require(try pages(styled).first?.lines.first)
    let reading = try #require(line.annotations.first)
    let baseStart = try #require(x(of: 3, on: line))
    let gaps = zip(reading.positions.dropFirst(), reading.positions).map { Double($0.x - $1.x) }
    #expect(gaps.allSatisfy { abs($0 - gaps[0]) < 0.01 } && gaps[0] > reading.size)
    #expect(Double(reading.positions[0].x) > baseStart)
  }

  @Test func aLongReadingOverhangsKanaByAtMostOneRubyCharacterAndNeverAnIdeograph() throws {
    // わがはい (two ems at 20 px half size) over one ideograph: one em too wide.
    let kana = text("はは吾はは", rubies: ["吾:わがはい"])
    let kanji = text("山山吾山山", rubies: ["吾:わがはい"])
    let kanaLine = try #require(try pages(kana).first?.lines.first)
    let kanjiLine = try #require(try pages(kanji).first?.lines.first)
    let em = 20.0
    // Between kana the reading hangs half an em over each side: the base moves nothing.
    let kanaGap = try #require(x(of: 2, on: kanaLine)) - (try #require(x(of: 1, on: kanaLine)))
    #expect(abs(kanaGap - em) < 0.5)
    // Between ideographs it may not: the base is set apart by half an em on each side.
    let before = try #require(x(of: 2, on: kanjiLine)) - (try #require(x(of: 1, on: kanjiLine)))
    let after = try #require(x(of: 3, on: kanjiLine)) - (try #require(x(of: 2, on: kanjiLine)))
    #expect(abs(before - 1.5 * em) < 0.5 && abs(after - 1.5 * em) < 0.5)
    let reading = try #require(kanjiLine.annotations.first)
    let start = Double(reading.positions[0].x)
    #expect(start >= (try #require(x(of: 1, on: kanjiLine))) + em - 0.5)
  }

  @Test func rubyNeverBreaksFromItsBase() throws {
    let paragraph = String(repeating: "吾輩は猫である。名前はまだ無い。", count: 6)
    var rubies: [String] = []
    for _ in 0..<6 { rubies += ["吾輩:わがはい", "名前:なまえ"] }
    let styled = text(paragraph, rubies: rubies, alignment: .justified)
    for width in stride(from: 120.0, through: 260.0, by: 10) {
      for page in try pages(styled, width: width) {
        for line in page.lines {
          for ruby in styled.rubies {
            #expect(
              !(ruby.base.lowerBound < line.range.lowerBound
                && line.range.lowerBound < ruby.base.upperBound),
              "width \(width): a line starts inside \(ruby.base)")
          }
        }
      }
      let placed = try pages(styled, width: width).flatMap(\.lines).flatMap(\.annotations)
      #expect(placed.count == styled.rubies.count, "width \(width)")
    }
  }

  @Test func onlyALineWithRubyGrowsTheOthersKeepTheirSpacing() throws {
    let paragraph = String(repeating: "猫である。", count: 30)
    let plain = try pages(text(paragraph, rubies: []), width: 220)[0].lines
    // A ruby on the fourth line only.
    let offset = plain[3].range.lowerBound + 1
    var styled = text(paragraph, rubies: [])
    styled.rubies = [RubyAnnotation(base: offset..<(offset + 1), text: "ねこ")]
    let annotated = try pages(styled, width: 220)[0].lines
    #expect(annotated.map(\.range) == plain.map(\.range))
    let gaps = { (lines: [Line]) in zip(lines.dropFirst(), lines).map { $0.baseline - $1.baseline }
    }
    let before = gaps(plain)
    let after = gaps(annotated)
    for k in before.indices where k != 2 {
      #expect(abs(after[k] - before[k]) < 0.001, "gap \(k)")
    }
    #expect(after[2] > before[2])
    #expect(
      annotated.enumerated().allSatisfy { $0.element.annotations.isEmpty == ($0.offset != 3) })
  }

  @Test func theTerminalShowsTheReadingInParenthesesOrNotAtAll() throws {
    let styled = text("吾輩は猫である。", rubies: ["吾輩:わがはい"])
    func row(_ ruby: TerminalRuby) throws -> String {
      var paginator = Paginator.cells(text: styled, columns: 40, rows: 5, language: "ja")
      paginator = Paginator(
        text: styled, container: paginator.container,
        settings: {
          var settings = paginator.settings
          settings.terminalRuby = ruby
          return settings
        }(), source: CellGlyphSource())
      let line = try #require(paginator.page(at: 0)?.lines.first)
      let glyphs = (line.runs + line.annotations).flatMap { run in
        zip(run.positions, run.glyphs).map { ($0.x, $1) }
      }.sorted { $0.0 < $1.0 }
      return String(String.UnicodeScalarView(glyphs.compactMap { Unicode.Scalar($0.1) }))
    }
    #expect(try row(.parentheses) == "吾輩(わがはい)は猫である。")
    #expect(try row(.hidden) == "吾輩は猫である。")
  }
}

/// Emphasis marks (`text-emphasis`) as a reader sees them: one over each character but
/// spaces and punctuation, at half size, centred on it; only their line grows.
@Suite struct EmphasisLayoutTests {
  @Test func aSesameOverEachCharacterButThePunctuation() throws {
    var style = ParagraphStyle()
    style.language = "ja"
    style.alignment = .left
    var builder = StyledTextBuilder()
    builder.beginParagraph(style)
    builder.append("事だけは", TextAttributes())
    var marked = TextAttributes()
    marked.emphasisMark = EmphasisMark(shape: .sesame)
    builder.append("記憶、して", marked)
    builder.append("いる。", TextAttributes())
    builder.endParagraph()
    let styled = builder.build()
    let container = TextContainer(width: 400, height: 400, margins: EdgeInsets(all: 10))
    let page = try #require(
      Paginator(
        text: styled, container: container,
        settings: LayoutSettings(fontSize: 20, language: "ja"), fonts: try FontContext()
      ).page(at: 0))
    let line = try #require(page.lines.first)
    let marks = line.annotations
    // 記 憶 し て: four marks, none over 、.
    #expect(marks.map(\.range.lowerBound) == [4, 5, 7, 8])
    for mark in marks {
      #expect(mark.size == 10)
      let base = try #require(
        line.runs.lazy.compactMap { run in
          run.clusters.firstIndex(of: Int32(mark.range.lowerBound)).map { run.positions[$0] }
        }.first)
      let glyphs = try #require(mark.glyphs.first)
      _ = glyphs
      // The mark's pen is half its width left of the character's centre, above its em box.
      #expect(
        Double(mark.positions[0].x) > Double(base.x)
          && Double(mark.positions[0].x) < Double(base.x) + 20)
      #expect(Double(mark.positions[0].y) < line.baseline - 0.88 * 20 + 0.5)
    }
    #expect(line.frame.height > 20 * 1.4)
  }
}
