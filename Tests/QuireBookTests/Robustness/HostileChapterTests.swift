import Foundation
import Testing

@testable import QuireBook

/// What a reader sees of the generated hostile chapters (the child-process runs in
/// `HostileInputTests` prove the limits; these check the partial books are sensible).
@Suite struct HostileChapterTests {
  private func open(_ zip: TestZip) throws -> Book {
    try Book.open(try zip.write())
  }

  @Test func deepNestingKeepsTheTextBeforeItAndWarns() throws {
    let book = try open(HostileBooks.deepNesting(levels: 100_000))
    let text = try book.text(ofChapter: 0).string
    #expect(text.contains("Before the abyss."))
    // libxml2 stops the whole parse at 256 levels: what follows is lost, and said so.
    let xhtml = HostileBooks.deepNesting(levels: 100_000).entries.last!.data
    let output = XHTMLConverter(
      documentHref: "OEBPS/deep.xhtml", bookPath: "deep.epub", limits: ImportLimits()
    ).convert(xhtml)
    #expect(output.warnings.contains { $0.message.contains("nested deeper than 256 levels") })
  }

  @Test func nestingOverLibxml2sLimitIsReportedNotSilentlyDropped() {
    // 300 levels: over libxml2's own 256 but a reasonable document otherwise.
    let body =
      String(repeating: "<div>", count: 300) + "x" + String(repeating: "</div>", count: 300)
    let output = XHTMLTest.convert("<p>kept</p>" + body)
    #expect(XHTMLTest.paragraphs(output.text).first == "kept")
    #expect(output.warnings.contains { $0.message.contains("nested deeper than") })
  }

  @Test func billionLaughsIsNeitherExpandedNorShownAsText() throws {
    let book = try open(HostileBooks.billionLaughs())
    let text = try book.text(ofChapter: 0).string
    #expect(text.contains("Before the laughs."))
    #expect(text.contains("After the laughs."))
    #expect(!text.contains("ENTITY"))
    #expect(!text.contains("lollol"))
    #expect(text.utf16.count < 200)
  }

  @Test func internalSubsetIsRemovedOnlyFromTheDoctype() {
    let document = Array(#"<!doctype html [<!ENTITY a "]">]><p>[x]</p>"#.utf8)
    let stripped = String(decoding: MarkupParser.withoutInternalSubset(document), as: UTF8.self)
    #expect(stripped == "<!doctype html ><p>[x]</p>")
    let plain = Array("<!DOCTYPE html><p>[x]</p>".utf8)
    #expect(MarkupParser.withoutInternalSubset(plain) == plain)
    let unterminated = Array("<!DOCTYPE html [<p>x</p>".utf8)
    #expect(MarkupParser.withoutInternalSubset(unterminated) == unterminated)
  }

  @Test func giantImageHeaderIsRecordedNotDecoded() throws {
    let book = try open(HostileBooks.giantImage())
    let text = try book.text(ofChapter: 0)
    let attachment = try #require(text.attachments.first)
    #expect(attachment.href == "OEBPS/giant.png")
    #expect(attachment.intrinsicSize == Attachment.Size(width: 100_000, height: 100_000))
    #expect(text.string.contains("After it."))
  }

  @Test func hugeStylesheetsAreIgnoredWithAWarning() throws {
    let zip = HostileBooks.hugeStylesheet(size: 10 << 20)
    let book = try open(zip)
    #expect(try book.text(ofChapter: 0).string == "Styled text.\n")
    let chapter = zip.entries.first { $0.name == "OEBPS/styled.xhtml" }!.data
    let output = XHTMLConverter(
      documentHref: "OEBPS/styled.xhtml", bookPath: "css.epub", limits: ImportLimits()
    ).convert(chapter)
    #expect(output.warnings.contains { $0.message.contains("over the 2097152-byte limit") })
  }

  @Test func lyingZipBombStopsAtItsDeclaredSize() throws {
    let book = try open(HostileBooks.zipBomb(inflated: 100 << 20, declared: 20_000))
    #expect(try book.text(ofChapter: 0).string.contains("Before the bomb."))
    let notice = try book.text(ofChapter: 1).string
    #expect(notice.contains("could not be read"))
    #expect(notice.contains("inflates past its declared size of 20,000 bytes"))
  }

  @Test func spreadZipBombIsRefusedByTheOverallRatio() throws {
    let error = #expect(throws: BookError.self) {
      try open(HostileBooks.spreadZipBomb(count: 400, size: 1_000_000))
    }
    #expect(error?.code == .limitExceeded)
    #expect(error?.detail.contains("in all") == true)
  }

  @Test func entryCountLimitNeedsNoInflating() throws {
    let error = #expect(throws: BookError.self) { try open(HostileBooks.manyEntries(100_000)) }
    #expect(error?.code == .limitExceeded)
    #expect(error?.detail.contains("100,004 entries") == true)
  }

  @Test func hugeTextFileIsRefusedWithoutReadingIt() throws {
    let path = try ScratchFolder.make() + "/huge.txt"
    try HostileBooks.hugeSparseText(size: 300 << 20, at: path)
    let clock = ContinuousClock()
    let start = clock.now
    let error = #expect(throws: BookError.self) { try Book.open(path) }
    #expect(clock.now - start < .milliseconds(500))  // reading 300 MB would take far longer
    #expect(error?.code == .limitExceeded)
    #expect(error?.detail.contains("314572800 bytes") == true)
  }
}
