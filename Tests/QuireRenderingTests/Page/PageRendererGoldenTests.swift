import QuireTypesetting
import Testing

@testable import QuireRendering

/// The sample page in each theme, compared with recorded images (`Golden/`).
@Suite struct PageRendererGoldenTests {
  private func render(_ theme: Theme, hud: HUD?) throws -> RGBAImage {
    let fonts = try FontContext()
    let page = try SamplePage.page(fonts: fonts)
    let unpinned = SamplePage.unpinnedFonts(in: page)
    try #require(
      unpinned.isEmpty,
      "golden pages need the pinned Debian fonts (fonts-ebgaramond, fonts-dejavu-core); got \(unpinned)"
    )
    let renderer = try SamplePage.renderer(fonts: fonts)
    return renderer.render(
      page, text: SamplePage.text, theme: theme, hud: hud, decorations: SamplePage.decorations
    ).image
  }

  @Test func dayPageWithHUD() throws {
    try GoldenImage.check(try render(.day, hud: SamplePage.hud()), named: "page-day")
  }

  @Test func sepiaPage() throws {
    try GoldenImage.check(try render(.sepia, hud: nil), named: "page-sepia")
  }

  @Test func nightPageWithOverlay() throws {
    try GoldenImage.check(
      try render(.night, hud: SamplePage.hud(overlay: true)), named: "page-night")
  }
}
