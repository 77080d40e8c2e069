import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

/// Justified Chinese and Japanese on terminal cells: a cell between two ideographs or kana
/// reads as a space the text does not have ("泰 安 さ ん は"), so such lines spread only at
/// their spaces and beside Latin words, and otherwise end short by what is left.
@Suite struct CellJustificationTests {
  /// The gaps a line draws between two CJK characters that the text has no space between,
  /// as "X␣Y" strings. A ruby reading on cells is set in the line, in parentheses after
  /// its base (`line.annotations`): its cells are no gap.
  static func gaps(in line: Line, of text: StyledText) -> [String] {
    let units = Array(text.string.utf16)
    var glyphs: [(x: Float, scalar: UInt32, cluster: Int)] = []
    for run in line.runs + line.annotations {
      for (g, glyph) in run.glyphs.enumerated() {
        glyphs.append((run.positions[g].x, glyph, Int(run.clusters[g])))
      }
    }
    glyphs.sort { $0.x < $1.x }
    var found: [String] = []
    for (a, b) in zip(glyphs, glyphs.dropFirst()) {
      guard CJK.isIdeographic(a.scalar), CJK.isIdeographic(b.scalar) else { continue }
      let width: Float = CJK.isWide(a.scalar) ? 2 : 1
      guard b.x > a.x + width else { continue }
      let between = units[min(a.cluster, b.cluster)..<max(a.cluster, b.cluster)]
      if !between.contains(where: { $0 == 0x20 || $0 == 0x3000 || $0 == 0x09 }) {
        found.append("\(Unicode.Scalar(a.scalar)!)␣\(Unicode.Scalar(b.scalar)!)")
      }
    }
    return found
  }

  /// The cell just past a line's last character.
  static func rightEdge(of line: Line) -> Float {
    var right: Float = 0
    for run in line.runs + line.annotations {
      for (glyph, position) in zip(run.glyphs, run.positions) {
        right = max(right, position.x + (CJK.isWide(glyph) ? 2 : 1))
      }
    }
    return right
  }

  static func text(_ paragraph: String, language: String, count: Int) -> StyledText {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.language = language
    style.alignment = .justified
    for _ in 0..<count {
      builder.beginParagraph(style)
      builder.append(paragraph)
      builder.endParagraph()
    }
    return builder.build()
  }

  @Test(arguments: [
    ("zh", "满纸荒唐言，一把辛酸泪。都云作者痴，谁解其中味？“此开卷第一回也。”作者自云：因曾历过一番梦幻之后，故将真事隐去。"),
    ("ja", "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。"),
  ])
  func noCellIsSetBetweenTwoCJKCharacters(_ language: String, _ paragraph: String) throws {
    let text = Self.text(String(repeating: paragraph, count: 5), language: language, count: 3)
    // An odd width leaves a cell over on every line of full-width characters.
    for columns in [41, 40, 37] {
      let pages = Paginator.cells(text: text, columns: columns, rows: 30, language: language)
        .paginateAll()
      let lines = pages.flatMap(\.lines)
      #expect(lines.count > 10)
      for line in lines {
        #expect(
          Self.gaps(in: line, of: text) == [], "\(columns) columns: \(text.substring(line.range))")
        // Every character still fits.
        #expect(Self.rightEdge(of: line) <= Float(columns))
      }
      // Lines break between words (the segmenter's), never inside one: a line ends short
      // when the next word does not fit, by at most a word of three characters, and most
      // lines of full-width characters end within a cell of the right edge.
      let justified = lines.filter(\.isJustified)
      let short = justified.filter { Self.rightEdge(of: $0) < Float(columns - 1) }
      #expect(
        short.allSatisfy { Self.rightEdge(of: $0) >= Float(columns - 6) },
        "\(columns) columns: \(short.map { text.substring($0.range) })")
      #expect(
        short.count <= justified.count / 3,
        "\(columns) columns, short: \(short.map { text.substring($0.range) })")
    }
  }

  /// A Latin word inside a Chinese line takes the line's spare cells beside it, and an
  /// English line spreads at its spaces as before.
  @Test func spareCellsGoBesideLatinWords() throws {
    let text = Self.text(
      String(repeating: "他在1998年读了Dream of the Red Chamber这本书，又读了一遍。", count: 8),
      language: "zh", count: 1)
    let pages = Paginator.cells(text: text, columns: 39, rows: 40, language: "zh").paginateAll()
    let lines = pages.flatMap(\.lines)
    for line in lines {
      #expect(Self.gaps(in: line, of: text) == [], "\(text.substring(line.range))")
    }
    let spread = lines.dropLast().filter { line in
      let right =
        line.runs.flatMap { run in
          zip(run.glyphs, run.positions).map { $0.1.x + (CJK.isWide($0.0) ? 2 : 1) }
        }.max() ?? 0
      return right == 39
    }
    #expect(spread.count >= (lines.count - 1) / 2, "lines with Latin words fill the width")
  }
}

/// Over 50 screens of a Chinese and a Japanese corpus book in an 80 × 24 terminal: no
/// line sets a cell between two CJK characters that the text does not have, and kinsoku
/// holds (no closing mark starts a line, no opening one ends it).
@Suite(
  .tags(.corpus), .unlessSkipping(.corpus), .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct CorpusCellJustificationTests {
  @Test(arguments: [
    ("txt/zh/hongloumeng_simplified_utf8-crlf.txt", "zh-Hans"),
    ("txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt", "zh-Hant"),
    ("txt/ja/kokoro_natsume-soseki_aozora-ruby_utf8-lf.txt", "ja"),
  ])
  func noGapsBetweenCJKCharactersOverFiftyScreens(_ path: String, _ language: String) throws {
    var options = ImportOptions()
    options.prefersHorizontalText = true
    let book = try Book.open(Corpus.path(path), options: options)
    var screens = 0
    var lines = 0
    var gaps: [String] = []
    var kinsoku: [String] = []
    // Chapters of a Japanese text are short (kokoro's 110 are two or three screens each):
    // as many as make 60 screens.
    for chapter in book.readingOrder where screens < 60 {
      let text = try book.text(ofChapter: chapter)
      let pages = Paginator.cells(
        text: text, columns: 80, rows: 22,
        margins: EdgeInsets(top: 0, left: 2, bottom: 0, right: 2),
        language: language
      ).paginateAll()
      for page in pages.prefix(60 - screens) {
        screens += 1
        for line in page.lines {
          lines += 1
          gaps += CellJustificationTests.gaps(in: line, of: text).map {
            "chapter \(chapter + 1): \($0) in \(text.substring(line.range))"
          }
          let shown = text.substring(line.range).trimmingCharacters(in: .whitespacesAndNewlines)
          if let first = shown.unicodeScalars.first, CJK.noLineStart.contains(first.value),
            line.range.lowerBound > 0
          {
            kinsoku.append("starts with \(first): \(shown)")
          }
          if let last = shown.unicodeScalars.last, CJK.noLineEnd.contains(last.value) {
            kinsoku.append("ends with \(last): \(shown)")
          }
        }
      }
    }
    #expect(screens >= 50)
    #expect(lines > 500)
    #expect(gaps.isEmpty, "\(gaps.count) gaps, first: \(gaps.prefix(3))")
    #expect(kinsoku.isEmpty, "\(kinsoku.prefix(3))")
  }
}
