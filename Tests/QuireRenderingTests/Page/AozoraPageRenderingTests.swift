import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// An Aozora Bunko text as a Japanese reader sees it: the fixture `txt/aozora-sample.txt`
/// (its markup read into ruby, emphasis dots, tate-chū-yoko, a gaiji and a heading note),
/// set in vertical columns in Noto Serif CJK JP.
@Suite struct AozoraPageRenderingTests {
  static let book = Corpus.fixtures + "/txt/aozora-sample.txt"
  static let em = 18.0

  private func render() throws -> (image: RGBAImage, page: Page, text: StyledText) {
    let book = try Book.open(Self.book)
    #expect(book.format == .aozora(encoding: "UTF-8"))
    let text = try book.text(ofChapter: 1)
    let fonts = try FontContext()
    let container = TextContainer(width: 360, height: 480, margins: EdgeInsets(all: 28))
    let settings = LayoutSettings(fontSize: Self.em, language: "ja")
    let page = try #require(
      Paginator(text: text, container: container, settings: settings, fonts: fonts).page(at: 0))
    let renderer = try PageRenderer(resources: { _ in throw Missing.picture }, fonts: fonts)
    return (renderer.render(page, text: text).image, page, text)
  }

  private enum Missing: Error { case picture }

  @Test func thePageIsSetInColumnsWithRubyBesideItsBase() throws {
    let (_, page, text) = try render()
    #expect(!page.lines.isEmpty && page.lines.allSatisfy(\.isVertical))
    let readings = page.lines.flatMap(\.annotations)
    for base in ["吾輩", "見当", "獰悪", "譃"] {
      let found = try #require(text.string.range(of: base), "\(base) is in the text")
      let start = text.string.utf16.distance(
        from: text.string.utf16.startIndex, to: found.lowerBound)
      let reading = try #require(
        readings.first { $0.range.lowerBound == start }, "\(base)'s reading")
      #expect(reading.size == Self.em / 2)
      // Right of the base's column: every reading glyph's pen beyond the base's centre line.
      let pens = page.lines.flatMap(\.runs).compactMap { run -> Float? in
        run.clusters.firstIndex(of: Int32(start)).map { run.positions[$0].x }
      }
      let centre = try #require(pens.first)
      #expect(reading.positions.allSatisfy { $0.x > centre }, "\(base)'s reading is right of it")
    }
  }

  @Test func theAozoraPageLooksAsItDid() throws {
    try GoldenImage.check(try render().image, named: "vertical-aozora-ruby")
  }
}
