import Foundation
import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// SVG pictures drawn through librsvg, and hostile SVGs refused or cut short.
@Suite struct SVGDecodingTests {
  private static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: Corpus.fixtures + "/svg/" + name))
  }

  private static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    let index = image.index(x: x, y: y)
    return Array(image.pixels[index..<index + 4])
  }

  @Test func drawsAnSVGAtItsOwnSize() throws {
    let image = try ImageDecoder.decode(try Self.fixture("two-squares.svg"), name: "squares.svg")
    #expect(image.width == 40 && image.height == 20)
    #expect(Self.pixel(image, 10, 10) == [255, 0, 0, 255])
    #expect(Self.pixel(image, 30, 10) == [0, 0, 255, 255])
  }

  @Test func drawsAnSVGAtTheSizeAskedSharply() throws {
    let image = try ImageDecoder.decode(
      try Self.fixture("two-squares.svg"), name: "squares.svg", width: 400, height: 200)
    #expect(image.width == 400 && image.height == 200)
    // The edge between the squares stays one pixel sharp, as a vector edge is.
    #expect(Self.pixel(image, 198, 100) == [255, 0, 0, 255])
    #expect(Self.pixel(image, 201, 100) == [0, 0, 255, 255])
  }

  @Test func whatTheSVGDoesNotPaintStaysTransparent() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">\
      <circle cx="10" cy="10" r="4" fill="#000"/></svg>
      """
    let image = try ImageDecoder.decode(Data(svg.utf8), name: "dot.svg")
    #expect(Self.pixel(image, 0, 0)[3] == 0)
    #expect(Self.pixel(image, 10, 10) == [0, 0, 0, 255])
  }

  @Test func aBrokenSVGIsAnErrorNamingTheFile() throws {
    let data = try Self.fixture("broken.svg")
    #expect(ImageHeader.format(of: data) == .svg)
    let error = try #require(throws: RenderingError.self) {
      try ImageDecoder.decode(data, name: "images/broken.svg")
    }
    #expect(error.description.hasPrefix("images/broken.svg: image not decoded"))
  }

  @Test func anOversizedSVGIsRefusedUnread() throws {
    var data = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">".utf8)
    data.append(Data(repeating: 0x20, count: SVGRasterizer.maximumBytes))
    let error = try #require(throws: RenderingError.self) {
      try ImageDecoder.decode(data, name: "big.svg")
    }
    #expect(error.description.contains("over the limit"))
  }

  @Test func aHugeDeclaredSizeIsDrawnSmaller() throws {
    let image = try ImageDecoder.decode(try Self.fixture("huge-size.svg"), name: "huge.svg")
    #expect(image.width <= ImageDecoder.maximumSide / 4)
    #expect(image.width == 2 * image.height)
    #expect(Self.pixel(image, image.width / 2, image.height / 2) == [0, 255, 0, 255])
  }

  @Test func anSVGOfExponentialUsesEndsWithinTheTimeLimit() throws {
    let data = try Self.fixture("use-bomb.svg")
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      _ = try? ImageDecoder.decode(data, name: "bomb.svg")
    }
    #expect(elapsed < SVGRasterizer.timeLimit + .seconds(1))
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func drawsTheStandardEbooksTitlePage() throws {
    let book = try Book.open(Corpus.path("epub/se-the-adventures-of-sherlock-holmes.epub"))
    let text = try book.text(ofChapter: 0)
    let attachment = try #require(text.attachments.first)
    #expect(attachment.href.hasSuffix("titlepage.svg"))
    let image = try ImageDecoder.decode(
      try book.resource(at: attachment.href), name: attachment.href, width: 350, height: 250)
    // Black lettering on a transparent ground: some opaque dark pixels, most see-through.
    let alphas = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
    #expect(alphas.filter { $0 == 255 }.count > alphas.count / 50)
    #expect(alphas.filter { $0 == 0 }.count > alphas.count / 2)
  }
}

/// A picture that cannot be drawn shows its alternative text, never a blank box.
@Suite struct PicturePlaceholderTests {
  private static func page(alternativeText: String?, fonts: FontContext) throws -> Page {
    var builder = StyledTextBuilder()
    builder.appendAttachment(
      href: "images/broken.svg", alternativeText: alternativeText,
      intrinsicSize: Attachment.Size(width: 300, height: 100))
    builder.endParagraph()
    let container = TextContainer(width: 400, height: 300, margins: EdgeInsets(all: 20))
    let paginator = Paginator(
      text: builder.build(), container: container, settings: LayoutSettings(fontSize: 15),
      fonts: fonts)
    return try #require(paginator.page(at: 0))
  }

  /// Dark pixels inside the picture's frame, its edge left out.
  private static func inkInsideFrame(alternativeText: String?) throws -> Int {
    let fonts = try FontContext()
    let page = try page(alternativeText: alternativeText, fonts: fonts)
    let frame = try #require(page.images.first?.frame)
    let broken = Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8)
    let renderer = try PageRenderer(resources: { _ in broken }, fonts: fonts)
    let image = renderer.render(page).image
    var ink = 0
    for y in Int(frame.y) + 3..<Int(frame.maxY) - 3 {
      for x in Int(frame.x) + 3..<Int(frame.maxX) - 3 {
        let index = image.index(x: x, y: y)
        if Int(image.pixels[index]) + Int(image.pixels[index + 1]) < 300 { ink += 1 }
      }
    }
    return ink
  }

  @Test func anUndrawableSVGShowsItsTitle() throws {
    #expect(try Self.inkInsideFrame(alternativeText: nil) == 0)
    #expect(try Self.inkInsideFrame(alternativeText: "A map of London") > 50)
  }
}
