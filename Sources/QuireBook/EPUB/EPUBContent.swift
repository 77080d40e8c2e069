import Foundation

/// Chapter texts and resources of an EPUB, read lazily from its container.
///
/// Each chapter document is converted by `XHTMLConverter` on demand; stylesheets are read
/// from the same container within `ImportLimits.maxStylesheetSize`. A chapter that cannot
/// be read becomes a one-paragraph notice, never an error. What went wrong while
/// converting a chapter is returned with its text, for `Book.warnings(ofChapter:)`.
struct EPUBContent: BookContent {
  let container: any ResourceContainer
  /// The book's path, for messages.
  let bookPath: String
  let limits: ImportLimits
  /// The book's embedded fonts, cached as files on first use.
  let fonts: EmbeddedFontStore
  /// Fixed-layout documents by path, with their place in a spread (the size is the
  /// document's own, read when it is converted: `FixedViewport`).
  var fixedPages: [String: FixedLayout] = [:]

  /// Most warnings kept for one chapter; a hostile document linking thousands of missing
  /// files gets one line saying how many more there were.
  static let maxWarningsPerChapter = 50

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    convert(chapter.href ?? "").text
  }

  func chapter(_ index: Int, of chapter: Chapter) -> ConvertedChapter {
    let output = convert(chapter.href ?? "")
    return ConvertedChapter(text: output.text, warnings: output.warnings)
  }

  func resource(at href: String) throws -> Data {
    let path = href.split(separator: "#", maxSplits: 1).first.map(String.init) ?? href
    return try container.read(path)
  }

  /// Converts the document at package path `href`, or explains why it could not be read.
  func convert(_ href: String) -> (text: StyledText, title: String?, warnings: [ImportWarning]) {
    let document = container.document(href)
    var bytes = Data()
    if document == nil {
      do {
        bytes = try container.read(href)
      } catch {
        let reason = Self.reason(error)
        return Self.notice(
          "This chapter could not be read: \(reason).",
          warning: ImportWarning(entry: href, "the chapter cannot be read: \(reason)"))
      }
      if bytes.isEmpty {
        return Self.notice(
          "This chapter is empty.",
          warning: ImportWarning(entry: href, "the chapter's file is empty"))
      }
    }
    let container = container
    let limits = limits
    let fonts = fonts
    // Images whose file is absent or will not draw, noted while the converter asks for
    // sizes (the converter itself only sees "no size", which SVG images give too).
    let missingImages = Locked<[String]>([])
    let imageProblems = Locked<[ImportWarning]>([])
    var converter = XHTMLConverter(
      documentHref: href, bookPath: bookPath, limits: limits,
      loadStylesheet: { path in
        guard let size = container.size(of: path), size <= limits.maxStylesheetSize,
          let data = try? container.read(path)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
      },
      imageSize: { path in
        guard container.size(of: path) != nil else {
          missingImages.withLock { $0.append(path) }
          return nil
        }
        guard let data = try? container.read(path) else {
          imageProblems.withLock {
            $0.append(ImportWarning(entry: href, "the image \(path) cannot be read"))
          }
          return nil
        }
        if let problem = ImageCheck.problem(with: data) {
          imageProblems.withLock {
            $0.append(ImportWarning(entry: href, "the image \(path) \(problem)"))
          }
        }
        return ImageHeader.size(of: data)
      },
      loadFont: { fonts.load(for: $0) })
    if fixedPages[href] != nil {
      // A fixed-layout page keeps its SVG's text, placed where the picture draws it.
      converter.fixedPageWidth =
        (FixedViewport.size(in: [UInt8](bytes.prefix(FixedViewport.prefixLength)))
        ?? FixedViewport.fallback).width
    }
    let output =
      document.map { converter.convert(document: $0) } ?? converter.convert([UInt8](bytes))
    let imageWarnings = missingImages.withLock { $0 }.map {
      ImportWarning(entry: href, "the image \($0) is missing from the book")
    }
    var text = output.text
    if var layout = fixedPages[href] {
      let size =
        FixedViewport.size(in: [UInt8](bytes.prefix(FixedViewport.prefixLength)))
        ?? FixedViewport.pictureSize(of: text) ?? FixedViewport.fallback
      let side = layout.spreadSide
      let alone = layout.isAlone
      layout = FixedLayout(width: size.width, height: size.height, spreadSide: side)
      layout.isAlone = alone
      text.fixedLayout = layout
    }
    let problems = imageProblems.withLock { $0 }
    return (text, output.title, Self.bounded(output.warnings + imageWarnings + problems, of: href))
  }

  /// `warnings` with repeats removed (a stylesheet linked twice, an image shown on every
  /// page of a chapter), in first-met order, at most `maxWarningsPerChapter` of them.
  static func bounded(_ warnings: [ImportWarning], of href: String) -> [ImportWarning] {
    var seen: Set<ImportWarning> = []
    var kept: [ImportWarning] = []
    var dropped = 0
    for warning in warnings where seen.insert(warning).inserted {
      if kept.count < maxWarningsPerChapter {
        kept.append(warning)
      } else {
        dropped += 1
      }
    }
    if dropped > 0 {
      kept.append(ImportWarning(entry: href, "\(dropped) more problems like these were not listed"))
    }
    return kept
  }

  private static func reason(_ error: any Error) -> String {
    (error as? BookError)?.detail ?? "\(error)"
  }

  /// A one-paragraph text standing in for a chapter that cannot be shown.
  static func notice(_ message: String, warning: ImportWarning)
    -> (text: StyledText, title: String?, warnings: [ImportWarning])
  {
    var builder = StyledTextBuilder()
    var attributes = TextAttributes()
    attributes.isItalic = true
    builder.append("[\(message)]", attributes)
    return (builder.build(), nil, [warning])
  }
}
