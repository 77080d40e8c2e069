import QuireBook
import Testing

@testable import QuireTypesetting

/// Vertical right-to-left setting (tategaki) of the fixture `epub/botchan-vertical`: the
/// opening of Natsume Sōseki's 坊っちゃん in `writing-mode: vertical-rl`, with
/// tate-chū-yoko, Latin words, 「」、。ー… and an rtl spine.
@Suite struct VerticalLayoutTests {
  static let book = Corpus.fixtures + "/epub/botchan-vertical"
  static let em = 20.0

  /// The fixture's chapter laid out on a 480 × 640 page at 20 px, with its text.
  static func layout(
    writingMode: LayoutSettings.WritingModeChoice = .auto, source: (any GlyphSource)? = nil
  ) throws -> (pages: [Page], text: StyledText, units: [UInt16]) {
    let text = try Book.open(book).text(ofChapter: 0)
    var settings = LayoutSettings(fontSize: source == nil ? em : 1, language: "ja")
    settings.writingMode = writingMode
    let container = TextContainer(width: 480, height: 640, margins: EdgeInsets(all: 40))
    let paginator = Paginator(
      text: text, container: container, settings: settings,
      source: try source ?? FontContext())
    return (paginator.paginateAll(), text, text.displayUnits)
  }

  /// The glyphs (line, run, index) that show `character` at or after chapter offset `after`.
  static func glyphs(of character: Character, in pages: [Page], units: [UInt16]) -> [(
    line: Line, run: GlyphRun, index: Int
  )] {
    let unit = character.utf16.first!
    var found: [(Line, GlyphRun, Int)] = []
    for page in pages {
      for line in page.lines {
        for run in line.runs {
          for index in run.glyphs.indices where units[Int(run.clusters[index])] == unit {
            found.append((line, run, index))
          }
        }
      }
    }
    return found
  }

  @Test func columnsRunDownTheirPageFromRightToLeft() throws {
    let (pages, _, _) = try Self.layout()
    #expect(pages.count >= 2, "the fixture takes more than one page at 20 px")
    for page in pages {
      #expect(page.width == 480 && page.height == 640)
      let columns = page.lines.filter { !$0.runs.isEmpty }
      #expect(columns.allSatisfy { $0.isVertical })
      // The first column is the rightmost, and each next one lies left of it.
      for (column, next) in zip(columns, columns.dropFirst()) {
        #expect(next.frame.maxX <= column.frame.x + 0.5)
      }
      for column in columns {
        #expect(column.frame.x >= 40 - 0.5 && column.frame.maxX <= 440 + 0.5)
        #expect(column.frame.y >= 40 - 0.5 && column.frame.maxY <= 600 + 0.5)
        // Pens go down the column in text order, inside it.
        let pens = column.runs.flatMap(\.positions).map(\.y)
        #expect(pens.first.map { $0 >= 40 - 0.5 } ?? false)
        #expect(pens.last.map { Double($0) + Self.em <= 600 + 1 } ?? false)
      }
    }
    let first = try #require(pages.first?.lines.first { !$0.runs.isEmpty })
    #expect(first.frame.maxX > 400, "the first column stands at the right margin")
  }

  @Test func punctuationAndKanaTakeTheFontsVerticalForms() throws {
    let (pages, _, units) = try Self.layout()
    let fonts = try FontContext()
    let horizontalStop = try #require(
      Self.horizontalGlyph("。", fonts: fonts), "the Mincho has 。")
    for character: Character in ["。", "、", "「", "ー", "…"] {
      let found = Self.glyphs(of: character, in: pages, units: units)
      let glyph = try #require(found.first, "the fixture has \(character)")
      #expect(glyph.run.orientation == .horizontal, "\(character) stands upright")
      if character == "。" { #expect(glyph.run.glyphs[glyph.index] != horizontalStop) }
      // Drawn from the em box's lower left: half an em left of the centre line, its
      // ideographic baseline below the pen.
      let offset = try #require(glyph.run.drawingOffsets.dropFirst(glyph.index).first)
      #expect(abs(Double(offset.x) + Self.em / 2) < 1)
      #expect(Double(offset.y) > Self.em * 0.8 && Double(offset.y) < Self.em)
      #expect(abs(Double(glyph.run.positions[glyph.index].x) - glyph.line.baseline) < 0.01)
    }
  }

  private static func horizontalGlyph(_ character: Character, fonts: FontContext) -> UInt32? {
    let font = fonts.font(for: FontRequest(TextAttributes(), language: "ja"))
    var glyphs: [StoredGlyph] = []
    Array(String(character).utf16).withUnsafeBufferPointer {
      fonts.shape($0, font: font, features: 0, language: "ja", into: &glyphs)
    }
    return glyphs.first?.id
  }

  @Test func aTateChuYokoNumberStandsUprightInOneEm() throws {
    let (pages, _, units) = try Self.layout()
    let chapter = String(decoding: units, as: UTF16.self)
    let range = try #require(chapter.range(of: "39年"))
    let start = chapter.utf16.distance(from: chapter.utf16.startIndex, to: range.lowerBound)
    let digits = pages.flatMap(\.lines).flatMap { line in
      line.runs.flatMap { run in
        run.glyphs.indices.filter { (start..<start + 2).contains(Int(run.clusters[$0])) }
          .map { (line: line, run: run, index: $0) }
      }
    }
    #expect(digits.count == 2, "3 and 9, each a glyph")
    let three = try #require(digits.first)
    let nine = try #require(digits.last)
    #expect(three.run.orientation == .horizontal, "upright, not turned with Latin text")
    // Side by side across the column, centred on it, within one em.
    let left = Double(three.run.positions[three.index].x)
    // Digits are as wide as each other: the 9 ends as far past its pen as the 3's is.
    let right = 2 * Double(nine.run.positions[nine.index].x) - left
    #expect(three.run.positions[three.index].y == nine.run.positions[nine.index].y)
    #expect(right - left <= Self.em + 0.5)
    #expect(abs((left + right) / 2 - three.line.baseline) < Self.em * 0.15)
    // The next character (年) follows one em below: the pair took an ideograph's place.
    let year = try #require(
      Self.glyphs(of: "年", in: pages, units: units).first {
        Int($0.run.clusters[$0.index]) == start + 2
      })
    let advance = Double(year.run.positions[year.index].y - three.run.positions[three.index].y)
    #expect(advance >= Self.em - 0.5 && advance <= Self.em * 1.3)
    // Four digits (digits 2 applies to two at most) turn with Latin text.
    let long = try #require(chapter.range(of: "1906"))
    let longStart = chapter.utf16.distance(from: chapter.utf16.startIndex, to: long.lowerBound)
    let turned = pages.flatMap(\.lines).flatMap(\.runs).filter { run in
      run.clusters.contains { Int($0) == longStart }
    }
    #expect(turned.first?.orientation == .rotatedClockwise)
  }

  @Test func latinWordsAreTurnedClockwiseOnTheColumnsCentralBaseline() throws {
    let (pages, _, units) = try Self.layout()
    let b = try #require(Self.glyphs(of: "B", in: pages, units: units).first)
    #expect(b.run.orientation == .rotatedClockwise)
    #expect(b.run.drawingOffsets.isEmpty)
    let pens = b.run.positions.dropFirst(b.index).prefix(7)
    #expect(Set(pens.map(\.x)).count == 1, "one baseline down the column")
    #expect(zip(pens, pens.dropFirst()).allSatisfy { $0.y < $1.y }, "letters follow downwards")
    // The alphabetic baseline lies left of the centre line, so that the letters, whose
    // tops face right, are centred on it.
    let x = Double(pens.first!.x)
    #expect(x < b.line.baseline && x > b.line.baseline - Self.em / 2)
  }

  @Test func theReaderCanAskForHorizontalLines() throws {
    let (pages, _, _) = try Self.layout(writingMode: .horizontal)
    let lines = pages.flatMap(\.lines)
    #expect(!lines.isEmpty && lines.allSatisfy { !$0.isVertical })
    #expect(lines.flatMap(\.runs).allSatisfy { $0.orientation == .horizontal })
    // The book's vertical margins are logical ones: the note's margin-top (its indent
    // along the column) indents its lines from the left; its margin-left only spaces it.
    let text = try Book.open(Self.book).text(ofChapter: 0)
    let note = try #require(text.paragraphs.last?.value)
    #expect(note.writingMode == .verticalRightToLeft)
    #expect(note.leftIndent == 2 && note.rightIndent == 0 && note.spacingAfter == 1)
  }

  @Test func aHorizontalChineseBookCanBeSetVertically() throws {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.language = "zh-Hans"
    builder.beginParagraph(style)
    builder.append("话说天下大势，“分久必合，合久必分。”", TextAttributes())
    builder.endParagraph()
    let text = builder.build()
    func lines(_ mode: LayoutSettings.WritingModeChoice, language: String) throws -> [Line] {
      var settings = LayoutSettings(fontSize: 20, language: language)
      settings.writingMode = mode
      let container = TextContainer(width: 400, height: 400, margins: EdgeInsets(all: 20))
      return Paginator(
        text: text, container: container, settings: settings, fonts: try FontContext()
      )
      .paginateAll().flatMap(\.lines)
    }
    #expect(try lines(.auto, language: "zh-Hans").allSatisfy { !$0.isVertical })
    let columns = try lines(.vertical, language: "zh-Hans")
    #expect(columns.allSatisfy { $0.isVertical })
    // Curly quotes take the face's vertical forms (corner brackets), upright.
    let units = Array(text.string.utf16)
    let quote = try #require(
      columns.flatMap(\.runs).first { run in run.clusters.contains { units[Int($0)] == 0x201C } })
    #expect(quote.orientation == .horizontal && !quote.drawingOffsets.isEmpty)
    // An English book stays horizontal: the setting is for CJK books.
    #expect(try lines(.vertical, language: "en").allSatisfy { !$0.isVertical })
  }

  /// One vertical paragraph of Japanese whose `middle` has `orientation`, laid out at
  /// 20 px: its column's runs and the chapter's units.
  private func column(
    _ before: String, _ middle: String, _ after: String,
    orientation: TextAttributes.TextOrientation?
  ) throws -> (runs: [GlyphRun], units: [UInt16], middle: Range<Int>) {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.language = "ja"
    style.writingMode = .verticalRightToLeft
    builder.beginParagraph(style)
    builder.append(before, TextAttributes())
    var turned = TextAttributes()
    turned.textOrientation = orientation
    builder.append(middle, turned)
    builder.append(after, TextAttributes())
    builder.endParagraph()
    let text = builder.build()
    let container = TextContainer(width: 400, height: 600, margins: EdgeInsets(all: 20))
    let pages = Paginator(
      text: text, container: container,
      settings: LayoutSettings(fontSize: Self.em, language: "ja"), fonts: try FontContext()
    ).paginateAll()
    let lines = pages.flatMap(\.lines)
    #expect(lines.count == 1 && lines.allSatisfy(\.isVertical))
    let start = before.utf16.count
    return (lines.flatMap(\.runs), text.displayUnits, start..<(start + middle.utf16.count))
  }

  /// `text-orientation: upright`: Latin letters stand one under the other, an em each,
  /// on the column's centre line; as `mixed` they lie on their side, shorter than that.
  @Test func uprightLettersStandOneUnderTheOther() throws {
    let (runs, _, middle) = try column("放送は", "NHK", "の朗読で聞ける。", orientation: .upright)
    var tops: [Double] = []
    for run in runs {
      for (index, cluster) in run.clusters.enumerated() where middle.contains(Int(cluster)) {
        #expect(run.orientation == .horizontal && run.drawingOffsets.count == run.glyphs.count)
        tops.append(Double(run.positions[index].y))
      }
    }
    #expect(tops.count == 3)
    for (top, next) in zip(tops, tops.dropFirst()) {
      #expect(abs(next - top - Self.em) < 0.5, "an em apart: \(tops)")
    }
    // The character after them starts an em below the last.
    let after = try #require(
      runs.compactMap { run in
        run.clusters.firstIndex(of: Int32(middle.upperBound)).map { Double(run.positions[$0].y) }
      }.first)
    #expect(after >= tops[2] + Self.em - 0.5)
    // Mixed: the letters are one turned run, less than three ems long.
    let (mixed, _, range) = try column("放送は", "NHK", "の朗読で聞ける。", orientation: nil)
    let turned = mixed.filter { $0.clusters.contains { range.contains(Int($0)) } }
    #expect(turned.allSatisfy { $0.orientation == .rotatedClockwise })
    let next = try #require(
      mixed.compactMap { run in
        run.clusters.firstIndex(of: Int32(range.upperBound)).map { Double(run.positions[$0].y) }
      }.first)
    let first = try #require(turned.first?.positions.first)
    #expect(next - Double(first.y) < 3 * Self.em - 1)
  }

  /// `text-orientation: sideways`: ideographs lie turned with the Latin text.
  @Test func sidewaysTextTurnsIdeographsToo() throws {
    let (runs, units, middle) = try column("放送は", "朗読", "で聞ける。", orientation: .sideways)
    for run in runs {
      for cluster in run.clusters {
        let turned = middle.contains(Int(cluster))
        #expect(
          (run.orientation == .rotatedClockwise) == turned,
          "\(String(decoding: [units[Int(cluster)]], as: UTF16.self))")
      }
    }
  }

  @Test func terminalCellsSetAVerticalBookHorizontally() throws {
    let (pages, text, _) = try Self.layout(source: CellGlyphSource())
    #expect(pages.flatMap(\.lines).allSatisfy { !$0.isVertical })
    #expect(pages.last?.range.upperBound == text.length, "every character is on a page")
  }
}
