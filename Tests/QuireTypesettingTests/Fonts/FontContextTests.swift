import QuireBook
import Testing

@testable import QuireTypesetting

@Suite struct FontContextTests {
  @Test func latinBodyTextGetsEBGaramond() throws {
    let fonts = try FontContext()
    let font = fonts.font(for: FontRequest(TextAttributes(), language: "en"))
    #expect(fonts.reference(of: font).path.contains("EBGaramond"))
    let metrics = fonts.metrics(of: font)
    #expect(metrics.ascender > 0.5 && metrics.ascender < 1.2)
    #expect(metrics.descender > 0.1 && metrics.descender < 0.5)
    #expect(metrics.xHeight > 0.3 && metrics.xHeight < 0.6)
    #expect(metrics.spaceAdvance > 0.15 && metrics.spaceAdvance < 0.4)
  }

  @Test func chineseTextGetsNotoSerifCJK() throws {
    let fonts = try FontContext()
    let font = fonts.font(for: FontRequest(TextAttributes(), language: "zh-Hans"))
    #expect(fonts.reference(of: font).path.contains("NotoSerifCJK"))
    #expect(fonts.font(font, covers: 0x7EA2))  // 红
  }

  @Test func chineseInEnglishFallsBackToAFaceWithTheGlyph() throws {
    let fonts = try FontContext()
    let latin = fonts.font(for: FontRequest(TextAttributes(), language: "en"))
    #expect(!fonts.font(latin, covers: 0x68A6))  // 梦: EB Garamond has no CJK
    let fallback = fonts.fallbackFont(for: 0x68A6, like: latin)
    #expect(fallback != latin)
    #expect(fonts.font(fallback, covers: 0x68A6))
  }

  @Test func bodyFamilyOverride() throws {
    let fonts = try FontContext(bodyFamily: "DejaVu Serif")
    let font = fonts.font(for: FontRequest(TextAttributes(), language: "en"))
    #expect(fonts.reference(of: font).path.contains("DejaVuSerif"))
  }

  @Test func boldAndItalicPickMatchingFaces() throws {
    let fonts = try FontContext()
    var bold = TextAttributes()
    bold.weight = 700
    var italic = TextAttributes()
    italic.isItalic = true
    let regular = fonts.reference(
      of: fonts.font(for: FontRequest(TextAttributes(), language: "en")))
    let boldPath = fonts.reference(of: fonts.font(for: FontRequest(bold, language: "en"))).path
    let italicPath = fonts.reference(of: fonts.font(for: FontRequest(italic, language: "en"))).path
    #expect(boldPath.contains("Bold") && boldPath != regular.path)
    #expect(italicPath.contains("Italic"))
  }

  /// A book's CSS family list gives its first installed family, or the generic at its
  /// end — never fontconfig's default sans-serif for a family that is not installed.
  @Test func aFamilyListFallsToItsFirstInstalledFamilyOrItsGeneric() throws {
    let fonts = try FontContext()
    func path(_ family: String) -> String {
      var attributes = TextAttributes()
      attributes.fontFamily = .named(family)
      return fonts.reference(of: fonts.font(for: FontRequest(attributes, language: "en"))).path
    }
    let body = fonts.reference(of: fonts.font(for: FontRequest(TextAttributes(), language: "en")))
    // Moby Dick's "'Stix', serif": STIX is not installed, so the reader's serif.
    #expect(path("Stix, serif") == body.path)
    #expect(path("No Such Face") == body.path)
    #expect(path("No Such Face, DejaVu Serif, serif").contains("DejaVuSerif"))
    #expect(path("No Such Face, sans-serif").contains("Sans"))
    #expect(path("no such face, monospace").contains("Mono"))
  }
}
