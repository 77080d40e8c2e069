import QuireTypesetting
import Testing

@testable import QuireRendering

/// Glyphs are rasterised once and reused; x positions pick quarter-pixel bins.
@Suite struct GlyphCacheTests {
  @Test func secondRenderOfAPageRasterisesNothing() throws {
    let fonts = try FontContext()
    let page = try SamplePage.page(fonts: fonts)
    let renderer = try SamplePage.renderer(fonts: fonts)
    let first = renderer.render(page, text: SamplePage.text)
    let afterFirst = renderer.glyphCacheStatistics
    #expect(afterFirst.misses > 20)
    // Repeated letters hit already on the first page.
    #expect(afterFirst.hits > afterFirst.misses)
    let second = renderer.render(page, text: SamplePage.text)
    let afterSecond = renderer.glyphCacheStatistics
    #expect(afterSecond.misses == afterFirst.misses)
    #expect(afterSecond.hits > afterFirst.hits)
    #expect(first == second)
  }

  @Test func positionsSplitIntoPixelAndQuarterBin() {
    #expect(GlyphCache.split(10.0) == (10, 0))
    #expect(GlyphCache.split(10.26) == (10, 1))
    #expect(GlyphCache.split(10.5) == (10, 2))
    #expect(GlyphCache.split(10.74) == (10, 3))
    #expect(GlyphCache.split(10.9) == (11, 0))
    #expect(GlyphCache.split(-0.25) == (-1, 3))
  }

  @Test func subpixelBinsShiftTheInk() throws {
    let cache = try GlyphCache()
    let face = try #require(
      cache.face(
        for: FontReference(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", faceIndex: 0)),
      "fonts-dejavu-core is required")
    // Any glyph with ink shows the shift of its centre of coverage.
    let bins = (0..<4).compactMap { cache.mask(face: face, glyph: 75, size: 16, bin: $0) }
    #expect(bins.count == 4)
    func centre(_ mask: GlyphMask) -> Double {
      var sum = 0.0
      var weight = 0.0
      for (i, value) in mask.coverage.enumerated() {
        sum += Double(mask.left + i % mask.width) * Double(value)
        weight += Double(value)
      }
      return sum / max(weight, 1)
    }
    let centres = bins.map(centre)
    #expect(centres == centres.sorted())
    #expect(centres[3] - centres[0] > 0.5 && centres[3] - centres[0] < 1)
    #expect(cache.face(for: FontReference(path: "/nonexistent.ttf", faceIndex: 0)) == nil)
  }
}
