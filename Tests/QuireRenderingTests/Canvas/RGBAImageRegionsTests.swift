import Foundation
import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// A band layer taken from a picture with every line marked: what the window draws its
/// selection with over a page rendered once, which must look as if the page had been
/// rendered with the selection.
@Suite struct RGBAImageRegionsTests {
  let fonts: FontContext
  let page: Page
  let renderer: PageRenderer
  /// The selection's colour in the window's day theme.
  let color = Color(red: 120, green: 170, blue: 250, alpha: 150)

  init() throws {
    fonts = try FontContext()
    page = try SamplePage.page(fonts: fonts)
    renderer = try SamplePage.renderer(fonts: fonts)
  }

  private func render(marking range: Range<Int>?) -> RGBAImage {
    var decorations = SamplePage.decorations
    if let range { decorations.highlights.append(TextHighlight(range: range, color: color)) }
    return renderer.render(page, text: SamplePage.text, decorations: decorations).image
  }

  /// The largest difference of one channel between two pictures of one size, and how many
  /// pixels differ at all.
  private func difference(_ a: RGBAImage, _ b: RGBAImage) -> (largest: Int, pixels: Int) {
    var largest = 0
    var pixels = 0
    for index in stride(from: 0, to: a.pixels.count, by: 4) {
      var differs = false
      for channel in 0..<4 {
        let d = abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel]))
        largest = max(largest, d)
        differs = differs || d > 0
      }
      if differs { pixels += 1 }
    }
    return (largest, pixels)
  }

  /// From "kept her" in the first paragraph to "spread their" in the last: lines whole
  /// and in part, over styled words, a highlight and a search match.
  private var selection: Range<Int> {
    SamplePage.range(of: "kept her").lowerBound..<SamplePage.range(of: "spread their").upperBound
  }

  @Test func bandsTakenFromThePageMarkedThroughoutLookRenderedWithThem() throws {
    let bands = renderer.bands(of: selection, on: page)
    #expect(bands.count >= 4)
    let plain = render(marking: nil)
    let rendered = render(marking: selection)
    var drawn = plain
    drawn.takeBands(
      bands, of: renderer.bands(of: page.range, on: page), alpha: Double(color.alpha) / 255,
      from: render(marking: page.range))
    // The selection changes thousands of pixels; the layer changes them alike.
    #expect(difference(plain, rendered).pixels > 10_000)
    let left = difference(drawn, rendered)
    #expect(left.largest <= 2, "a channel off by \(left.largest)")
  }

  @Test func aPartTakesWhatTheWholeTakesInItsBox() throws {
    let bands = renderer.bands(of: selection, on: page)
    let all = renderer.bands(of: page.range, on: page)
    let plain = render(marking: nil)
    let marked = render(marking: page.range)
    var whole = plain
    whole.takeBands(bands, of: all, alpha: 0.6, from: marked)
    let box = TurnPixelBox(x: 60..<300, y: 100..<400)
    var part = plain.cropped(to: box)
    part.takeBands(bands, of: all, alpha: 0.6, from: marked, origin: (60, 100))
    #expect(part == whole.cropped(to: box))
    #expect(part != plain.cropped(to: box))
  }

  @Test func bandsAreTheLinesOfTheRangeAlone() throws {
    let range = SamplePage.range(of: "Highlights the reader made")
    let bands = renderer.bands(of: range, on: page)
    let line = try #require(page.lines.first { $0.range.contains(range.lowerBound) })
    #expect(bands.count == 1)
    #expect(bands.first?.y == line.frame.y)
    #expect(bands.first?.height == line.frame.height)
    #expect((bands.first?.width ?? 0) > 100)
    #expect(renderer.bands(of: 0..<0, on: page).isEmpty)
  }
}
