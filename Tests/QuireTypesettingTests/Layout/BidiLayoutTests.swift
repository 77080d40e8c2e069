import QuireBook
import Testing

@testable import QuireTypesetting

/// Arabic and Hebrew: right-to-left words read right to left, right-to-left paragraphs
/// start at the right, and left-to-right text inside them keeps its own order.
@Suite struct BidiLayoutTests {
  /// The glyphs of a paragraph's first line with the chapter offset of each, left to right.
  private func firstLine(
    _ text: String, language: String? = nil, direction: ParagraphStyle.Direction? = nil,
    width: Double = 600
  ) throws -> (glyphs: [(x: Float, cluster: Int, id: UInt32)], line: Line) {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.language = language
    style.direction = direction
    builder.beginParagraph(style)
    builder.append(text)
    builder.endParagraph()
    let container = TextContainer(width: width, height: 800, margins: EdgeInsets(all: 50))
    let page = try #require(
      Paginator(text: builder.build(), container: container, fonts: try FontContext())
        .page(at: 0))
    let line = try #require(page.lines.first)
    var glyphs: [(x: Float, cluster: Int, id: UInt32)] = []
    for run in line.runs {
      for g in run.glyphs.indices {
        glyphs.append((run.positions[g].x, Int(run.clusters[g]), run.glyphs[g]))
      }
    }
    #expect(glyphs.allSatisfy { $0.id != 0 }, "no tofu")
    return (glyphs.sorted { $0.x < $1.x }, line)
  }

  /// The x of the glyph that shows the character at `offset`.
  private func x(of offset: Int, in glyphs: [(x: Float, cluster: Int, id: UInt32)]) throws
    -> Float
  {
    try #require(glyphs.first { $0.cluster == offset }).x
  }

  @Test func aHebrewWordInAnEnglishLineReadsRightToLeftInPlace() throws {
    // "one " is 0..<4, "שלום" 4..<8, " two" 8..<12.
    let (glyphs, _) = try firstLine("one שלום two")
    let one = try x(of: 0, in: glyphs)
    let shin = try x(of: 4, in: glyphs)  // ש, the word's first letter
    let mem = try x(of: 7, in: glyphs)  // ם, its last
    let two = try x(of: 9, in: glyphs)
    #expect(one < mem && mem < shin && shin < two, "\(glyphs)")
  }

  @Test func anArabicParagraphStartsAtTheRightAndReadsLeftward() throws {
    // مرحبا (0..<5) بالعالم (6..<13): the first word is the rightmost.
    let (glyphs, line) = try firstLine("مرحبا بالعالم", language: "ar")
    let first = try x(of: 0, in: glyphs)
    let second = try x(of: 6, in: glyphs)
    #expect(second < first)
    // A short last line is flush right: its rightmost glyph ends near the right margin.
    #expect(first > 480, "the first letter is at \(first)")
    #expect(try #require(glyphs.first).x > 300, "the line starts at the right")
    #expect(line.range == 0..<14)
  }

  @Test func numbersAndLatinInsideArabicKeepTheirOrder() throws {
    // في عام 1984 كتب (0..<2, 3..<6, 7..<11, 12..<15)
    let (glyphs, _) = try firstLine("في عام 1984 كتب", language: "ar")
    let fi = try x(of: 0, in: glyphs)
    let year = try x(of: 7, in: glyphs)  // "1"
    let four = try x(of: 10, in: glyphs)  // the last "4"
    let kataba = try x(of: 12, in: glyphs)
    #expect(kataba < year && year < four && four < fi, "\(glyphs)")
  }

  @Test func bracketsInRightToLeftTextAreMirrored() throws {
    // The brackets' glyphs in the face a Hebrew paragraph is set in (one that has the
    // script, not EB Garamond: `FontContext.family(for:)`).
    let ltr = try firstLine("(a)", language: "he", direction: .leftToRight).glyphs
    let opening = try #require(ltr.first { $0.cluster == 0 }).id
    let closing = try #require(ltr.first { $0.cluster == 2 }).id
    #expect(opening != closing)
    // In "(שלום)" read right to left, the "(" at the right shows as "(" turned: ")".
    let rtl = try firstLine("(שלום)", language: "he").glyphs
    let rightmost = try #require(rtl.last)
    #expect(rightmost.cluster == 0)
    #expect(rightmost.id == closing)
    #expect(try #require(rtl.first).cluster == 5)
  }

  @Test func aParagraphMarkedRightToLeftStartsAtTheRight() throws {
    // `dir="rtl"` on English: one left-to-right run ("Hello world" as written), set
    // against the right margin.
    let (glyphs, _) = try firstLine("Hello world", direction: .rightToLeft)
    #expect(try x(of: 0, in: glyphs) < x(of: 6, in: glyphs))
    #expect(try #require(glyphs.first).x > 300)
  }

  @Test func anArabicParagraphMarkedLeftToRightStartsAtTheLeft() throws {
    // `dir="ltr"`: the Arabic still reads right to left, from the left margin.
    let (glyphs, _) = try firstLine("مرحبا بالعالم", language: "ar", direction: .leftToRight)
    #expect(try x(of: 6, in: glyphs) < x(of: 0, in: glyphs))
    #expect(try #require(glyphs.first).x < 60)
  }

  @Test func englishTextIsUntouched() throws {
    let (glyphs, _) = try firstLine("Plain English, left to right.")
    let clusters = glyphs.map(\.cluster)
    #expect(clusters == clusters.sorted())
  }

  /// The corpus's Arabic EPUB: every line of its text runs right to left, and lines end
  /// at the right margin.
  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func theArabicBookIsSetRightToLeft() throws {
    let book = try Book.open(Corpus.path("epub/idpf-regime-anticancer-arabic.epub"))
    let index = try #require(book.readingOrder.last)
    let text = try book.text(ofChapter: index)
    let pages = Paginator(text: text, container: TestText.page, fonts: try FontContext())
      .paginateAll()
    var checked = 0
    for line in pages.flatMap(\.lines) {
      let glyphs = line.runs.flatMap { run in
        run.glyphs.indices.map { (x: run.positions[$0].x, cluster: Int(run.clusters[$0])) }
      }
      // Lines of Arabic letters only: the first character is the rightmost.
      let shown = text.substring(line.range).unicodeScalars
      guard glyphs.count > 4,
        shown.allSatisfy({ (0x0600...0x06FF).contains($0.value) || $0 == " " || $0 == "\n" })
      else { continue }
      let byCluster = glyphs.sorted { $0.cluster < $1.cluster }
      #expect(byCluster.first!.x > byCluster.last!.x, "\(text.substring(line.range))")
      // Within three ems of the right margin (550): headings have CSS margins.
      #expect(glyphs.map(\.x).max()! > 500 - 16, "not flush right: \(text.substring(line.range))")
      checked += 1
    }
    #expect(checked > 20)
  }
}
