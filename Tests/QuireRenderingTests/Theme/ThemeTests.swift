import Foundation
import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// Themes colour the page, the text and pictures; custom themes round-trip as JSON.
@Suite struct ThemeTests {
  private func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> Color {
    let i = image.index(x: x, y: y)
    return Color(red: image.pixels[i], green: image.pixels[i + 1], blue: image.pixels[i + 2])
  }

  /// The darkest and lightest pixels of the text block.
  private func extremes(_ image: RGBAImage) -> (dark: Int, light: Int) {
    var dark = 255 * 3
    var light = 0
    for y in 150..<200 {
      for x in 34..<386 {
        let c = pixel(image, x, y)
        let sum = Int(c.red) + Int(c.green) + Int(c.blue)
        dark = min(dark, sum)
        light = max(light, sum)
      }
    }
    return (dark, light)
  }

  @Test(arguments: Theme.presets)
  func pageAndTextTakeTheThemeColours(theme: Theme) throws {
    let fonts = try FontContext()
    let image = try SamplePage.renderer(fonts: fonts).render(
      try SamplePage.page(fonts: fonts), text: SamplePage.text, theme: theme
    ).image
    #expect(pixel(image, 2, 2) == theme.background)
    #expect(pixel(image, image.width - 3, image.height - 3) == theme.background)
    // Full-coverage glyph pixels are exactly the theme's text colour.
    var counts: [Color: Int] = [:]
    for y in 80..<300 {
      for x in 34..<386 { counts[pixel(image, x, y), default: 0] += 1 }
    }
    let ink = Color(red: theme.text.red, green: theme.text.green, blue: theme.text.blue)
    #expect((counts[ink] ?? 0) > 200)
    let (dark, light) = extremes(image)
    let page = Int(theme.background.red) + Int(theme.background.green) + Int(theme.background.blue)
    if theme.isDark { #expect(light > page + 300) } else { #expect(dark < page - 300) }
  }

  @Test func nightDimsPicturesAndReplacesDarkBookColours() throws {
    let fonts = try FontContext()
    let page = try SamplePage.page(fonts: fonts)
    let renderer = try SamplePage.renderer(fonts: fonts)
    let frame = try #require(page.images.first?.frame)
    let x = Int(frame.x + frame.width / 2)
    let y = Int(frame.y + 10)
    let day = pixel(renderer.render(page, theme: .day).image, x, y)
    let night = pixel(renderer.render(page, theme: .night).image, x, y)
    #expect(Int(night.green) < Int(day.green) * 80 / 100)
    #expect(Int(night.green) > Int(day.green) * 60 / 100)
    #expect(Theme.night.textColor(for: Color(red: 0, green: 0, blue: 0)) == Theme.night.text)
    #expect(
      Theme.day.textColor(for: Color(red: 0, green: 0, blue: 0)) == Color(red: 0, green: 0, blue: 0)
    )
    #expect(Theme.night.textColor(for: nil) == Theme.night.text)
  }

  @Test func customThemeRoundTripsAndIsDrawn() throws {
    var custom = Theme.day
    custom.name = "mint"
    custom.background = Color(red: 220, green: 245, blue: 230)
    custom.text = Color(red: 10, green: 60, blue: 40)
    let json = try JSONEncoder().encode(custom)
    let decoded = try JSONDecoder().decode(Theme.self, from: json)
    #expect(decoded == custom)
    let fonts = try FontContext()
    let image = try SamplePage.renderer(fonts: fonts).render(
      try SamplePage.page(fonts: fonts), theme: decoded
    ).image
    #expect(pixel(image, 5, 5) == custom.background)
    #expect(Theme.named("Sepia") == .sepia)
    #expect(Theme.named("purple") == nil)
  }
}
