import Foundation
import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// A deterministic page for rendering tests: fixed text in every style the renderer
/// draws, a generated picture, fonts pinned by their Debian file paths.
enum SamplePage {
  /// The folders the sample's faces must come from (fonts-ebgaramond, fonts-dejavu-core).
  static let pinnedFontFolders = [
    "/usr/share/fonts/opentype/ebgaramond/", "/usr/share/fonts/truetype/dejavu/",
  ]

  /// The picture's resource path.
  static let pictureHref = "images/gradient.png"

  /// The chapter text: a heading, two paragraphs with styles and a link, a picture.
  static let text: StyledText = {
    var builder = StyledTextBuilder()
    var heading = ParagraphStyle.heading(level: 1)
    heading.spacingBefore = 0
    builder.beginParagraph(heading)
    var big = TextAttributes()
    big.fontScale = 1.6
    builder.append("The Sample Chapter", big)
    builder.endParagraph()

    builder.beginParagraph(ParagraphStyle())
    builder.append("She opened the book where she had left it, and the reader had kept her ")
    builder.append("place", underlined(.single))
    builder.append(" to the character. Words may be ")
    var italic = TextAttributes()
    italic.isItalic = true
    builder.append("emphasised", italic)
    builder.append(", ")
    var bold = TextAttributes()
    bold.weight = 700
    builder.append("strong", bold)
    builder.append(", ")
    var struck = TextAttributes()
    struck.isStrikethrough = true
    builder.append("struck through", struck)
    builder.append(" or ")
    var marked = TextAttributes()
    marked.background = Color(red: 200, green: 230, blue: 255)
    builder.append("set on a colour", marked)
    builder.append("; a ")
    builder.beginLink(.internal(href: "chapter-2.xhtml"))
    builder.append("link to the next chapter")
    builder.endLink()
    builder.append(" has its own colour, and underlines come ")
    builder.append("double", underlined(.double))
    builder.append(", ")
    builder.append("dotted", underlined(.dotted))
    builder.append(" and ")
    builder.append("wavy", underlined(.wavy))
    builder.append(".")
    builder.endParagraph()

    var figure = ParagraphStyle()
    figure.role = .figure
    figure.alignment = .center
    figure.spacingBefore = 0.5
    figure.spacingAfter = 0.5
    builder.beginParagraph(figure)
    builder.appendAttachment(
      href: pictureHref, alternativeText: "A gradient",
      intrinsicSize: Attachment.Size(width: 240, height: 90))
    builder.endParagraph()

    var indented = ParagraphStyle()
    indented.firstLineIndent = 1.5
    builder.beginParagraph(indented)
    builder.append(
      "Justified lines spread their spaces evenly, and long words such as incomprehensibility, "
        + "characteristically or unquestionably are hyphenated where the dictionary allows, "
        + "so that no line looks loose. Highlights the reader made are drawn behind the text, "
        + "and so are the matches of a search for a word.")
    builder.endParagraph()
    return builder.build()
  }()

  private static func underlined(_ style: TextAttributes.UnderlineStyle) -> TextAttributes {
    var attributes = TextAttributes()
    attributes.underline = style
    return attributes
  }

  /// The UTF-16 range of the first occurrence of `word` in the text.
  static func range(of word: String) -> Range<Int> {
    let string = text.string
    guard let found = string.range(of: word) else { return 0..<0 }
    let start = string.utf16.distance(from: string.utf16.startIndex, to: found.lowerBound)
    return start..<(start + word.utf16.count)
  }

  /// A highlight and a search match on words of the last paragraph.
  static var decorations: PageDecorations {
    PageDecorations(
      highlights: [
        TextHighlight(
          range: range(of: "Highlights the reader made"),
          color: Color(red: 255, green: 214, blue: 90, alpha: 150))
      ],
      searchMatches: [range(of: "word.")])
  }

  /// A fixed HUD state.
  static func hud(overlay: Bool = false) -> HUD {
    HUD(
      bookTitle: "A Sample Book", author: "Quire Tests", chapterTitle: "The Sample Chapter",
      pageNumber: 12, pageCount: 240, isPageCountEstimated: true, progression: 0.05,
      minutesLeftInChapter: 7, showsOverlay: overlay)
  }

  /// A 240 × 90 PNG: a horizontal colour ramp with a dark band, as a book picture.
  static let picturePNG: Data = {
    var image = RGBAImage(width: 240, height: 90, fill: (255, 255, 255, 255))
    for y in 0..<90 {
      for x in 0..<240 {
        let i = image.index(x: x, y: y)
        image.pixels[i] = UInt8(x * 255 / 239)
        image.pixels[i + 1] = UInt8(120 + y)
        image.pixels[i + 2] = UInt8(255 - x * 255 / 239)
        if (40..<50).contains(y) { image.pixels[i + 1] = 30 }
      }
    }
    return try! image.pngData()
  }()

  /// The laid-out first page: 420 × 600 with the HUD's margins.
  static func page(fonts: FontContext) throws -> Page {
    let container = TextContainer(
      width: 420, height: 600, margins: EdgeInsets(top: 44, left: 34, bottom: 44, right: 34))
    let paginator = Paginator(
      text: text, container: container, settings: LayoutSettings(fontSize: 15), fonts: fonts)
    return try #require(paginator.page(at: 0))
  }

  /// A renderer whose resource loader serves the sample picture.
  static func renderer(fonts: FontContext) throws -> PageRenderer {
    let png = picturePNG
    return try PageRenderer(
      resources: { href in
        guard href == pictureHref else { throw CocoaError(.fileNoSuchFile) }
        return png
      }, fonts: fonts)
  }

  /// The faces a page uses that are not in the pinned folders.
  static func unpinnedFonts(in page: Page) -> [String] {
    let paths = Set(page.lines.flatMap { $0.runs.map(\.font.path) })
    return paths.filter { path in !pinnedFontFolders.contains { path.hasPrefix($0) } }.sorted()
  }
}
