import Foundation
import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// What the renderer adds to glyphs: highlights, search marks, underlines, links, pictures.
@Suite struct PageRendererTests {
  let fonts: FontContext
  let page: Page
  let renderer: PageRenderer

  init() throws {
    fonts = try FontContext()
    page = try SamplePage.page(fonts: fonts)
    renderer = try SamplePage.renderer(fonts: fonts)
  }

  private func line(containing offset: Int) throws -> Line {
    try #require(page.lines.first { $0.range.contains(offset) && !$0.runs.isEmpty })
  }

  /// Pixels inside `rect` equal to `color`.
  private func count(_ color: Color, in image: RGBAImage, _ rect: Rect) -> Int {
    var n = 0
    for y in Int(rect.y)..<Int(rect.maxY) {
      for x in Int(rect.x)..<Int(rect.maxX) {
        let i = image.index(x: x, y: y)
        if image.pixels[i] == color.red && image.pixels[i + 1] == color.green
          && image.pixels[i + 2] == color.blue
        {
          n += 1
        }
      }
    }
    return n
  }

  @Test func highlightFillsTheBandOfItsWordsOnly() throws {
    let range = SamplePage.range(of: "Highlights the reader made")
    let line = try line(containing: range.lowerBound)
    let extent = try #require(renderer.extent(of: range, in: line))
    #expect(extent.x1 - extent.x0 > 100)
    let yellow = Color(red: 255, green: 214, blue: 90)
    let decorations = PageDecorations(highlights: [TextHighlight(range: range, color: yellow)])
    let plain = renderer.render(page, text: SamplePage.text).image
    let marked = renderer.render(page, text: SamplePage.text, decorations: decorations).image
    let band = Rect(
      x: extent.x0 + 1, y: line.frame.y, width: extent.x1 - extent.x0 - 2, height: line.frame.height
    )
    #expect(count(yellow, in: marked, band) > Int(band.width * band.height) / 2)
    #expect(count(yellow, in: plain, band) == 0)
    // Outside the words the page is untouched.
    let after = Rect(x: extent.x1 + 2, y: line.frame.y, width: 30, height: line.frame.height)
    #expect(count(yellow, in: marked, after) == 0)
  }

  @Test func searchMatchesAreMarkedInTheThemeColour() throws {
    let range = SamplePage.range(of: "incomprehensibility")
    let line = try line(containing: range.lowerBound)
    let extent = try #require(renderer.extent(of: range, in: line))
    let band = Rect(
      x: extent.x0, y: line.frame.y, width: extent.x1 - extent.x0, height: line.frame.height)
    let plain = renderer.render(page, theme: .day).image
    let marked = renderer.render(
      page, theme: .day, decorations: PageDecorations(searchMatches: [range])
    ).image
    var changed = 0
    for y in Int(band.y)..<Int(band.maxY) {
      for x in Int(band.x)..<Int(band.maxX) where plain.pixels[plain.index(x: x, y: y) + 2] > 200 {
        // The mark is yellow: blue drops where the page was light.
        if marked.pixels[marked.index(x: x, y: y) + 2] < 200 { changed += 1 }
      }
    }
    #expect(changed > Int(band.width * band.height) / 3)
  }

  @Test func underlinesAndLinksDrawBelowTheBaseline() throws {
    let theme = Theme.day
    let withStyles = renderer.render(page, text: SamplePage.text, theme: theme).image
    let glyphsOnly = renderer.render(page, theme: theme).image
    for word in ["place", "double", "link to the next"] {
      let range = SamplePage.range(of: word)
      let line = try line(containing: range.lowerBound)
      let extent = try #require(renderer.extent(of: range, in: line))
      let below = Rect(
        x: extent.x0 + 1, y: line.baseline + 1, width: extent.x1 - extent.x0 - 2, height: 3)
      func ink(_ image: RGBAImage) -> Int {
        var n = 0
        for y in Int(below.y)..<Int(below.maxY) {
          for x in Int(below.x)..<Int(below.maxX) where image.pixels[image.index(x: x, y: y)] < 200
          {
            n += 1
          }
        }
        return n
      }
      #expect(ink(withStyles) > ink(glyphsOnly) + Int(below.width) / 2, "\(word)")
    }
    // Link text takes the theme's link colour.
    let link = SamplePage.range(of: "link to the next")
    let line = try line(containing: link.lowerBound)
    let extent = try #require(renderer.extent(of: link, in: line))
    let box = Rect(
      x: extent.x0, y: line.frame.y, width: extent.x1 - extent.x0,
      height: line.baseline - line.frame.y)
    func bluish(_ image: RGBAImage) -> Int {
      var n = 0
      for y in Int(box.y)..<Int(box.maxY) {
        for x in Int(box.x)..<Int(box.maxX) {
          let i = image.index(x: x, y: y)
          if Int(image.pixels[i + 2]) > Int(image.pixels[i]) + 40 { n += 1 }
        }
      }
      return n
    }
    #expect(bluish(withStyles) > 40)
    #expect(bluish(glyphsOnly) == 0)
  }

  @Test func anUnreadablePictureLeavesAPlaceholder() throws {
    let broken = try PageRenderer(resources: { _ in Data("not a picture".utf8) }, fonts: fonts)
    let frame = try #require(page.images.first?.frame)
    let image = broken.render(page, theme: .day).image
    let inside = Rect(
      x: frame.x + 4, y: frame.y + 4, width: frame.width - 8, height: frame.height - 8)
    // The box is the track colour but for the picture's alternative text set in it.
    let area = Int(inside.width) * Int(inside.height)
    let track = count(Theme.day.track, in: image, inside)
    #expect(track < area && track > area * 9 / 10)
    let good = renderer.render(page, theme: .day).image
    #expect(count(Theme.day.track, in: good, inside) < 10)
  }
}
