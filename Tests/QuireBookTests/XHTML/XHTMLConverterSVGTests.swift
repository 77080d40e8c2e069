import Foundation
import Testing

@testable import QuireBook

/// Inline `<svg>` drawings and `data:` images reach the renderer as pictures.
@Suite struct XHTMLConverterSVGTests {
  @Test func anInlineDrawingBecomesAPictureOfItsOwn() throws {
    let text = XHTMLTest.convert(
      """
      <p>Before</p>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
        width="120" height="60" viewBox="0 0 12 6"><title>A red bar &amp; a line</title>
      <rect width="12" height="3" fill="red"/><a xlink:href="#x"><path d="M0 5 H12"/></a></svg>
      """
    ).text
    let attachment = try #require(text.attachments.first)
    #expect(attachment.alternativeText == "A red bar & a line")
    #expect(attachment.intrinsicSize == Attachment.Size(width: 120, height: 60))
    #expect(DataURL.isDataURL(attachment.href))
    let svg = String(decoding: try #require(DataURL.decode(attachment.href)), as: UTF8.self)
    // A standalone SVG file: its namespaces declared, its text escaped again.
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains("xmlns:xlink=\"http://www.w3.org/1999/xlink\""))
    #expect(svg.contains("<title>A red bar &amp; a line</title>"))
    #expect(svg.contains("<rect width=\"12\" height=\"3\" fill=\"red\"/>"))
    #expect(svg.contains("xlink:href=\"#x\""))
    #expect(ImageHeader.format(of: Data(svg.utf8)) == .svg)
  }

  @Test func anInlineDrawingIsReadThroughTheBook() throws {
    let href = DataURL.make(mediaType: "image/svg+xml", data: Data("<svg/>".utf8))
    let decoded = try #require(DataURL.decode(href))
    #expect(String(decoding: decoded, as: UTF8.self) == "<svg/>")
    #expect(
      DataURL.decode("data:image/svg+xml,%3Csvg%2F%3E").map { Array($0) } == Array("<svg/>".utf8))
    #expect(DataURL.decode("data:no comma") == nil)
  }

  @Test func anImageWrittenIntoThePageIsKept() throws {
    let png =
      Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
      + Data([0, 0, 0, 7, 0, 0, 0, 5, 8, 6, 0, 0, 0])
    let source = "data:image/png;base64," + png.base64EncodedString()
    let text = XHTMLTest.convert("<p><img src=\"\(source)\" alt=\"dot\"/></p>").text
    let attachment = try #require(text.attachments.first)
    #expect(attachment.href == source)
    #expect(attachment.intrinsicSize == Attachment.Size(width: 7, height: 5))
  }

  @Test func aDrawingTooLargeToKeepLeavesItsTitle() {
    let rects = String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 40_000)
    let text = XHTMLTest.convert(
      "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>Huge</title>\(rects)</svg>"
    ).text
    #expect(text.attachments.isEmpty)
    #expect(XHTMLTest.paragraphs(text) == ["[Huge]"])
  }
}
