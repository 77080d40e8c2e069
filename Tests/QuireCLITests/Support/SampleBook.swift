import Foundation
import QuireBook

/// A book held in memory: chapter texts and resources given up front. It is a real
/// `Book` (built through its package initializer), so commands run on it unchanged.
struct MemoryBookContent: BookContent {
  var texts: [StyledText]
  var resources: [String: Data] = [:]

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    texts[index]
  }

  func resource(at href: String) throws -> Data {
    guard let data = resources[href] else {
      throw BookError(.missingResource, path: "memory", entry: href, "not in the book")
    }
    return data
  }
}

/// A small two-chapter book with the features the commands show: a heading, emphasis,
/// a link, an image, anchors, a nested TOC, a Chinese chapter, a cover and a warning.
enum SampleBook {
  static let welcome: StyledText = {
    var builder = StyledTextBuilder()
    var bold = TextAttributes()
    bold.weight = 700
    bold.fontScale = 2
    var italic = TextAttributes()
    italic.isItalic = true
    builder.addAnchor("top")
    builder.beginParagraph(.heading(level: 1))
    builder.append("Welcome", bold)
    builder.endParagraph()
    builder.beginParagraph(ParagraphStyle())
    builder.append("Quire reads ")
    builder.append("real", italic)
    builder.append(" books.\u{2028}See ")
    builder.beginLink(.external(url: "https://www.gutenberg.org"))
    builder.append("Gutenberg")
    builder.endLink()
    builder.append(".")
    builder.endParagraph()
    builder.addAnchor("figure")
    builder.beginParagraph(ParagraphStyle())
    builder.appendAttachment(
      href: "images/logo.png", alternativeText: "The Quire logo",
      intrinsicSize: .init(width: 64, height: 32))
    builder.endParagraph()
    return builder.build()
  }()

  static let chinese: StyledText = {
    var builder = StyledTextBuilder()
    builder.beginParagraph(.heading(level: 1))
    builder.append("排版与分页")
    builder.endParagraph()
    builder.beginParagraph(ParagraphStyle())
    builder.append("好的排版让读者忘记排版。Quire 逐字断行。")
    builder.endParagraph()
    return builder.build()
  }()

  /// A 1×1 PNG header claiming 600×800 pixels: enough for the cover size.
  static let coverPNG = Data(
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
      + [0, 0, 0x02, 0x58, 0, 0, 0x03, 0x20, 8, 6, 0, 0, 0])

  static func make() -> Book {
    let metadata = Metadata(
      title: "A Sample", subtitle: "For Tests",
      creators: [
        .init(name: "Ada Author", role: "aut"), .init(name: "Tom Translator", role: "trl"),
      ],
      language: "en", identifier: "urn:uuid:1234", publisher: "Quire", date: "2026",
      description: "<p>A  small\n book.</p><p>Two paragraphs.</p>",
      series: .init(name: "Samples", position: "2"), coverHref: "images/cover.png")
    let chapters = [
      Chapter(title: "Welcome", href: "welcome.xhtml", estimatedLength: 60),
      Chapter(title: "排版与分页", href: "zh.xhtml", estimatedLength: 30),
      Chapter(title: "Notes", href: "notes.xhtml", isLinear: false, estimatedLength: 0),
    ]
    let toc = [
      TOCEntry(
        title: "Welcome", chapterIndex: 0,
        children: [TOCEntry(title: "The figure", chapterIndex: 0, fragment: "figure")]),
      TOCEntry(title: "排版与分页", chapterIndex: 1),
      TOCEntry(title: "Gone", chapterIndex: nil),
    ]
    let content = MemoryBookContent(
      texts: [welcome, chinese, .empty], resources: ["images/cover.png": coverPNG])
    return Book(
      path: "sample.epub", format: .epub(version: "3.0"), metadata: metadata,
      chapters: chapters, toc: toc,
      warnings: [ImportWarning(entry: "notes.xhtml", "is empty")], contentHash: "00",
      content: content)
  }
}
