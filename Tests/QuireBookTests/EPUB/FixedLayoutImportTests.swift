import Foundation
import Testing

@testable import QuireBook

/// Fixed-layout EPUBs (`rendition:layout pre-paginated`): which documents are pages of a
/// fixed size, what size, and where they sit in a spread.
@Suite struct FixedLayoutImportTests {
  private static func book(viewport: String, body: String, itemProperties: String = "")
    throws -> Book
  {
    let opf = """
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Fixed</dc:title>
      <dc:identifier id="id">x</dc:identifier>
      <meta property="rendition:layout">pre-paginated</meta></metadata>
      <manifest><item id="p" href="p.xhtml" media-type="application/xhtml+xml"/>
      <item id="r" href="r.xhtml" media-type="application/xhtml+xml"/></manifest>
      <spine><itemref idref="p" properties="\(itemProperties)"/>
      <itemref idref="r" properties="rendition:layout-reflowable"/></spine></package>
      """
    let page = """
      <?xml version="1.0" encoding="UTF-8"?>
      <html xmlns="http://www.w3.org/1999/xhtml"><head><title>P</title>
      <meta name="viewport" content="\(viewport)"/></head><body>\(body)</body></html>
      """
    let zip = TestZip.epub(
      opf: opf, files: ["OEBPS/p.xhtml": page, "OEBPS/r.xhtml": TestZip.chapter("R", "Flow.")])
    return try Book.open(try zip.write(named: "fixed.epub"))
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func thePaintingsOfTheCorpusBookAreFixedPagesAndItsTextPagesFlow() throws {
    let book = try Book.open(Corpus.path("epub/idpf-cole-voyage-of-life.epub"))
    var fixed: [String] = []
    for index in book.chapters.indices {
      let text = try book.text(ofChapter: index)
      if let layout = text.fixedLayout {
        fixed.append(book.chapters[index].href?.split(separator: "/").last.map(String.init) ?? "")
        #expect(layout.width == 1024)
        #expect((673...698).contains(layout.height))
        #expect(layout.isAlone)
      }
    }
    #expect(
      fixed == [
        "1b-childhood-painting.xhtml", "2b-youth-painting.xhtml", "3b-manhood-painting.xhtml",
        "4b-oldage-painting.xhtml",
      ])
    #expect(!book.warnings.contains { $0.message.contains("fixed-layout") })
  }

  @Test func aPageTakesItsViewportAndSpreadAndAReflowableOneFlows() throws {
    let book = try Self.book(
      viewport: "width=1200, height=900", body: "<p>Voyage</p>",
      itemProperties: "page-spread-right")
    let layout = try #require(try book.text(ofChapter: 0).fixedLayout)
    #expect(layout.width == 1200 && layout.height == 900)
    #expect(layout.spreadSide == .right)
    #expect(try book.text(ofChapter: 1).fixedLayout == nil)
  }

  @Test func aHundredThousandPixelViewportIsBroughtWithinBounds() throws {
    let book = try Self.book(viewport: "width=100000, height=50000", body: "<p>Tiny.</p>")
    let layout = try #require(try book.text(ofChapter: 0).fixedLayout)
    #expect(layout.width == FixedLayout.maxSide)
    #expect(layout.height == FixedLayout.maxSide / 2)
  }

  @Test func anSVGPageIsSizedByItsViewBoxAndNonsenseByNothing() {
    let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600"><text>A</text></svg>"#
    let size = FixedViewport.size(in: Array(svg.utf8))
    #expect(size?.width == 800 && size?.height == 600)
    #expect(
      FixedViewport.size(in: Array("<meta name=\"viewport\" content=\"width=-5\"/>".utf8)) == nil)
    #expect(FixedViewport.size(in: Array("<svg viewBox=\"0 0 nan inf\">".utf8)) == nil)
  }
}
