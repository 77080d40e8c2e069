import Foundation
import Testing

@testable import QuireBook

/// What a reader will not see is listed with a reason: pictures that will not draw
/// (damaged PNG, GIF, WebP, a broken SVG) and stylesheets addressed outside the book were
/// skipped without a word before, while missing fonts already had one.
@Suite struct SkippedContentWarningsTests {
  static let pngHeader: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func book() throws -> String {
    let head = """
      <link rel="stylesheet" href="../../../../etc/quire.css"/>\
      <link rel="stylesheet" href="https://example.com/style.css"/>\
      <style>@import url("/usr/share/quire.css");</style>
      """
    let body = """
      <p><img src="images/broken.png" alt="a"/><img src="images/anim.gif" alt="b"/>\
      <img src="images/photo.webp" alt="c"/><img src="images/map.svg" alt="d"/>\
      <img src="images/good.svg" alt="e"/></p>
      """
    let gif: [UInt8] = Array("GIF89a".utf8) + [10, 0, 10, 0, 0, 0, 0]
    let webp: [UInt8] =
      Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [18, 0, 0, 0]
      + [0, 0, 0, 0x9D, 0x01, 0x2A, 10, 0, 10, 0] + [UInt8](repeating: 0, count: 8)
    let zip = HostileBooks.epub(
      chapters: [("ch1.xhtml", HostileBooks.xhtml(body: body, head: head))],
      entries: [
        TestZip.Entry(name: "OEBPS/images/broken.png", data: pngHeader + [1, 2, 3]),
        TestZip.Entry(name: "OEBPS/images/anim.gif", data: gif),
        TestZip.Entry(name: "OEBPS/images/photo.webp", data: webp),
        TestZip.Entry(
          name: "OEBPS/images/map.svg",
          data: Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8)),
        TestZip.Entry(
          name: "OEBPS/images/good.svg",
          data: Array(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>".utf8)),
      ])
    return try zip.write(named: "skipped.epub")
  }

  @Test func everySkippedThingIsNamed() throws {
    var options = ImportOptions()
    options.fontCacheDirectory = try ScratchFolder.make()
    let book = try Book.open(try Self.book(), options: options)
    let messages = try book.warnings(ofChapter: 0).map(\.message)
    let expected = [
      "the stylesheet ../../../../etc/quire.css is outside the book and was not loaded",
      "the stylesheet https://example.com/style.css is outside the book and was not loaded",
      "the stylesheet /usr/share/quire.css is outside the book and was not loaded",
      "the image OEBPS/images/broken.png is damaged (its PNG header gives no size); a "
        + "placeholder is shown",
      "the image OEBPS/images/anim.gif is a GIF picture, which Quire does not draw; a "
        + "placeholder is shown",
      "the image OEBPS/images/photo.webp is a WEBP picture, which Quire does not draw; a "
        + "placeholder is shown",
      "the image OEBPS/images/map.svg is an SVG that cannot be drawn (its XML is not well "
        + "formed); a placeholder is shown",
    ]
    for message in expected {
      #expect(messages.contains(message), "\(message)\n\(messages)")
    }
    #expect(!messages.contains { $0.contains("good.svg") })
  }
}
