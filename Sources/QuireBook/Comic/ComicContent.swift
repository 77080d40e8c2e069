import Foundation

/// The pages of a comic: each chapter one picture, a fixed-layout page of the picture's
/// size that the paginator scales whole to fit and centres; the images are read from the
/// archive when a page shows them.
struct ComicContent: BookContent {
  let container: any ResourceContainer
  /// Page images in reading order.
  let pages: [String]

  /// Enough of an image to read its size from its header (JPEG's frame header follows
  /// its metadata segments, rarely past this).
  static let headerBytes = 256 << 10

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    self.chapter(index, of: chapter).text
  }

  func chapter(_ index: Int, of chapter: Chapter) -> ConvertedChapter {
    guard pages.indices.contains(index) else { return ConvertedChapter(text: .empty, warnings: []) }
    let page = pages[index]
    var warnings: [ImportWarning] = []
    var size: Attachment.Size?
    do {
      let prefix = try container.readPrefix(page, maxBytes: Self.headerBytes)
      size = ImageHeader.size(of: prefix)
      if size == nil, ImageHeader.format(of: prefix) != nil {
        size = ImageHeader.size(of: try container.read(page))
      }
      if ImageHeader.format(of: prefix) == nil {
        warnings.append(ImportWarning(entry: page, "is not an image Quire can show"))
      }
    } catch {
      warnings.append(
        ImportWarning(entry: page, "cannot be read: \((error as? BookError)?.detail ?? "\(error)")")
      )
    }
    var style = ParagraphStyle()
    style.role = .figure
    style.alignment = .center
    style.hyphenation = false
    var builder = StyledTextBuilder()
    builder.beginParagraph(style)
    builder.appendAttachment(href: page, alternativeText: "Page \(index + 1)", intrinsicSize: size)
    builder.endParagraph()
    var text = builder.build()
    // A page is its picture, drawn whole at its own proportions: a fixed-layout page.
    if let size, size.width > 0, size.height > 0 {
      text.fixedLayout = FixedLayout(width: Double(size.width), height: Double(size.height))
    }
    return ConvertedChapter(text: text, warnings: warnings)
  }

  func resource(at href: String) throws -> Data {
    try container.read(href)
  }
}
