import Foundation

@testable import QuireBook

/// Arbitrary bytes as an XHTML chapter, with a small stylesheet linked and images whose
/// header sizes come from the input (including absurd ones).
enum XHTMLFuzz {
  static let css = """
    p { text-indent: 1.5em; margin: 0 } h1, h2 { text-align: center; page-break-before: always }
    .note > p:first-child, a[href^="#"] { font-size: 0.8em; vertical-align: super }
    """

  static func run(_ bytes: [UInt8]) {
    let size = Attachment.Size(
      width: bytes.count > 1 ? Int(bytes[0]) << Int(bytes[1] % 24) : 1,
      height: bytes.count > 2 ? Int(bytes[2]) << 20 : 1)
    let converter = XHTMLConverter(
      documentHref: "OEBPS/text/ch1.xhtml", bookPath: "fuzz.epub", limits: ImportLimits(),
      loadStylesheet: { $0 == "OEBPS/css/book.css" ? css : nil },
      imageSize: { _ in size })
    let output = converter.convert(bytes)
    check(output.text)
  }

  /// The invariants every converted text keeps; a violation traps, so the fuzzer sees it.
  static func check(_ text: StyledText) {
    let length = text.length
    var end = 0
    for run in text.runs {
      precondition(run.range.lowerBound == end, "runs must be contiguous")
      end = run.range.upperBound
    }
    precondition(end == length, "runs must cover the text")
    for paragraph in text.paragraphs { precondition(paragraph.range.upperBound <= length) }
    for link in text.links { precondition(link.range.upperBound <= length) }
    for attachment in text.attachments { precondition(attachment.offset < length) }
  }
}

/// Arbitrary bytes as a stylesheet, cascaded over a document that uses most selectors.
enum CSSFuzz {
  static let document = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
    <head><title>T</title><link rel="stylesheet" href="../css/book.css"/></head>
    <body><section epub:type="chapter" id="c1" class="chapter first">
    <h1 class="title">One</h1><p class="first">A <em>b</em> <a href="#n1">1</a></p>
    <blockquote><p lang="fr">c <span style="font-weight:bold">d</span></p></blockquote>
    <ul><li>e</li><li class="x y">f</li></ul><table><tr><td>g</td></tr></table>
    <aside epub:type="footnote" id="n1"><p>h</p></aside><pre>  i</pre><hr/>
    <p><img src="../images/a.png" alt="a"/></p></section></body></html>
    """.utf8)

  static func run(_ bytes: [UInt8]) {
    let css = String(decoding: bytes, as: UTF8.self)
    let converter = XHTMLConverter(
      documentHref: "OEBPS/text/ch1.xhtml", bookPath: "fuzz.epub", limits: ImportLimits(),
      loadStylesheet: { $0 == "OEBPS/css/book.css" ? css : nil })
    XHTMLFuzz.check(converter.convert(document).text)
  }
}
