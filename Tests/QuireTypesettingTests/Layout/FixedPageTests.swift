import QuireBook
import Testing

@testable import QuireTypesetting

/// A fixed-layout chapter is one page, laid out at its own size and scaled whole to fit:
/// never reflowed, nothing cut off, its text still in its lines for search and selection.
@Suite struct FixedPageTests {
  private static let container = TextContainer(
    width: 600, height: 800, margins: EdgeInsets(top: 40, left: 40, bottom: 40, right: 40))

  private func pages(_ text: StyledText) throws -> [Page] {
    try Paginator(
      text: text, container: Self.container, settings: LayoutSettings(fontSize: 18),
      fonts: FontContext()
    ).paginateAll()
  }

  private func fixedText(width: Double, height: Double, _ build: (inout StyledTextBuilder) -> Void)
    -> StyledText
  {
    var builder = StyledTextBuilder()
    build(&builder)
    var text = builder.build()
    text.fixedLayout = FixedLayout(width: width, height: height)
    return text
  }

  @Test func aPicturePageIsThePictureFittedAndCentred() throws {
    let text = fixedText(width: 1024, height: 697) { builder in
      var figure = ParagraphStyle()
      figure.role = .figure
      figure.alignment = .center
      builder.beginParagraph(figure)
      builder.appendAttachment(
        href: "painting.jpg", intrinsicSize: Attachment.Size(width: 1024, height: 697))
    }
    let pages = try pages(text)
    #expect(pages.count == 1)
    let page = try #require(pages.first)
    #expect(page.kind == .fixed(try #require(text.fixedLayout)))
    #expect(page.range == 0..<text.length)
    let picture = try #require(page.images.first)
    let area = Self.container.contentRect
    #expect(abs(picture.frame.width - area.width) < 1)
    #expect(abs(picture.frame.height - area.width * 697 / 1024) < 2)
    // Centred down the page: the space above and below it is the same.
    let above = picture.frame.y - area.y
    let below = area.maxY - picture.frame.maxY
    #expect(abs(above - below) < 2)
  }

  @Test func aTextPageKeepsItsLinesScaledDownNotCutOff() throws {
    let words = Array(repeating: "voyage", count: 60).joined(separator: " ")
    let text = fixedText(width: 1200, height: 900) { $0.append(words) }
    let page = try #require(try pages(text).first)
    // 1200 px wide at 16 px: three lines or so, where a 520 px column would need many more.
    #expect((1...4).contains(page.lines.count))
    for line in page.lines {
      #expect(line.frame.maxX <= Self.container.contentRect.maxX + 0.5)
      for run in line.runs {
        #expect(run.size < 10)
        #expect(run.positions.allSatisfy { Double($0.x) <= Self.container.contentRect.maxX + 0.5 })
      }
    }
    #expect(page.lines.last?.range.upperBound == text.length)
  }

  @Test func textLongerThanItsPageIsScaledFurtherNotLost() throws {
    let words = Array(repeating: "word", count: 3000).joined(separator: " ")
    let text = fixedText(width: 400, height: 300) { $0.append(words) }
    let pages = try pages(text)
    #expect(pages.count == 1)
    let page = try #require(pages.first)
    #expect(page.lines.last?.range.upperBound == text.length)
    #expect(page.lines.allSatisfy { $0.frame.maxY <= Self.container.contentRect.maxY + 0.5 })
  }

  @Test func onTerminalCellsAFixedPageIsReflowed() throws {
    let text = fixedText(width: 1200, height: 900) {
      $0.append(Array(repeating: "voyage", count: 200).joined(separator: " "))
    }
    let cells = TextContainer(
      width: 60, height: 20, margins: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
    let pages = Paginator(
      text: text, container: cells, settings: LayoutSettings(fontSize: 1),
      source: CellGlyphSource()
    ).paginateAll()
    #expect(pages.count > 1)
    #expect(pages.allSatisfy { $0.kind == .flowing })
  }
}
