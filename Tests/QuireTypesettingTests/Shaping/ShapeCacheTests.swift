import QuireBook
import Testing

@testable import QuireTypesetting

@Suite struct ShapeCacheTests {
  @Test func aWordIsShapedOnceAndKernedAndLigated() throws {
    let fonts = try FontContext()
    let font = fonts.font(for: FontRequest(TextAttributes(), language: "en"))
    let office = Array("office".utf16)[...]
    let first = fonts.shape(office, font: font, features: 0, language: "en")
    let second = fonts.shape(office, font: font, features: 0, language: "en")
    #expect(first === second)
    #expect(fonts.shapeCacheStatistics.hits == 1)
    #expect(fonts.shapeCacheStatistics.lookups == 2)
    #expect(first.glyphs.count == 6)  // EB Garamond has contextual f forms, no "ffi" ligature
    // Kerning: "AV" is narrower than "A" + "V".
    let pair = fonts.shape(Array("AV".utf16)[...], font: font, features: 0, language: "en").width
    let a = fonts.shape(Array("A".utf16)[...], font: font, features: 0, language: "en").width
    let v = fonts.shape(Array("V".utf16)[...], font: font, features: 0, language: "en").width
    #expect(pair < a + v)
  }

  @Test func ligaturesAreOnByDefaultAndCanBeTurnedOff() throws {
    let fonts = try FontContext(bodyFamily: "DejaVu Serif")
    let font = fonts.font(for: FontRequest(TextAttributes(), language: "en"))
    let office = Array("office".utf16)[...]
    #expect(fonts.shape(office, font: font, features: 0, language: "en").glyphs.count == 5)
    let plain = fonts.shape(
      office, font: font, features: FeatureSet.noLigatures.rawValue, language: "en")
    #expect(plain.glyphs.count == 6)
  }
}
