@testable import QuireBook

/// Helpers for converter tests: wrap a body in a document and convert it.
enum XHTMLTest {
  static let documentHref = "OEBPS/text/chapter.xhtml"

  /// Converts `body` (the inside of `<body>`) with `css` as a linked stylesheet.
  static func convert(
    _ body: String, css: String? = nil, head: String = "",
    imageSize: @escaping (String) -> Attachment.Size? = { _ in nil }
  ) -> XHTMLConverter.Output {
    let link = css == nil ? "" : #"<link rel="stylesheet" href="../css/book.css"/>"#
    let document = """
      <?xml version="1.0" encoding="UTF-8"?>
      <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
      <head><title>T</title>\(link)\(head)</head>
      <body>\(body)</body></html>
      """
    return convertDocument(document, css: css, imageSize: imageSize)
  }

  /// Converts a whole document.
  static func convertDocument(
    _ document: String, css: String? = nil, href: String = documentHref,
    imageSize: @escaping (String) -> Attachment.Size? = { _ in nil }
  ) -> XHTMLConverter.Output {
    let converter = XHTMLConverter(
      documentHref: href, bookPath: "test.epub", limits: ImportLimits(),
      loadStylesheet: { $0 == "OEBPS/css/book.css" ? css : nil }, imageSize: imageSize)
    return converter.convert(Array(document.utf8))
  }

  /// The paragraphs' texts without their "\n".
  static func paragraphs(_ text: StyledText) -> [String] {
    text.paragraphs.map { text.substring($0.range).replacingOccurrences(of: "\n", with: "") }
  }

  /// The attributes of the run containing the first occurrence of `needle`.
  static func attributes(of needle: String, in text: StyledText) -> TextAttributes? {
    guard let range = text.string.range(of: needle) else { return nil }
    let offset = text.string.utf16.distance(
      from: text.string.utf16.startIndex, to: range.lowerBound.samePosition(in: text.string.utf16)!)
    return text.runs.first { $0.range.contains(offset) }?.value
  }

  /// The paragraph style of the paragraph containing `needle`.
  static func paragraphStyle(of needle: String, in text: StyledText) -> ParagraphStyle? {
    guard let range = text.string.range(of: needle) else { return nil }
    let offset = text.string.utf16.distance(
      from: text.string.utf16.startIndex, to: range.lowerBound.samePosition(in: text.string.utf16)!)
    return text.paragraphs.first { $0.range.contains(offset) }?.value
  }
}
