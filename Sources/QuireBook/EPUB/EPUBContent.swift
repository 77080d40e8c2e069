import Foundation

/// Chapter texts and resources of an EPUB, read lazily from its container.
///
/// Each chapter document is converted by `XHTMLConverter` on demand; stylesheets are read
/// from the same container within `ImportLimits.maxStylesheetSize`. A chapter that cannot
/// be read becomes a one-paragraph notice, never an error.
struct EPUBContent: BookContent {
  let container: any ResourceContainer
  /// The book's path, for messages.
  let bookPath: String
  let limits: ImportLimits
  /// The book's embedded fonts, cached as files on first use.
  let fonts: EmbeddedFontStore

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    convert(chapter.href ?? "").text
  }

  func resource(at href: String) throws -> Data {
    let path = href.split(separator: "#", maxSplits: 1).first.map(String.init) ?? href
    return try container.read(path)
  }

  /// Converts the document at package path `href`, or explains why it could not be read.
  func convert(_ href: String) -> (text: StyledText, title: String?) {
    let bytes: Data
    do {
      bytes = try container.read(href)
    } catch {
      return Self.notice("This chapter could not be read: \(Self.reason(error)).")
    }
    if bytes.isEmpty {
      return Self.notice("This chapter is empty.")
    }
    let container = container
    let limits = limits
    let fonts = fonts
    let converter = XHTMLConverter(
      documentHref: href, bookPath: bookPath, limits: limits,
      loadStylesheet: { path in
        guard let size = container.size(of: path), size <= limits.maxStylesheetSize,
          let data = try? container.read(path)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
      },
      imageSize: { path in
        (try? container.read(path)).flatMap { ImageHeader.size(of: $0) }
      },
      loadFont: { fonts.load(for: $0) })
    let output = converter.convert([UInt8](bytes))
    return (output.text, output.title)
  }

  private static func reason(_ error: any Error) -> String {
    (error as? BookError)?.detail ?? "\(error)"
  }

  /// A one-paragraph text standing in for a chapter that cannot be shown.
  static func notice(_ message: String) -> (text: StyledText, title: String?) {
    var builder = StyledTextBuilder()
    var attributes = TextAttributes()
    attributes.isItalic = true
    builder.append("[\(message)]", attributes)
    return (builder.build(), nil)
  }
}
