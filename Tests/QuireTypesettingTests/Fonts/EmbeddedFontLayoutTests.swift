import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

/// The typesetter sets a book in the fonts it embeds, unless the reader turns them off.
@Suite struct EmbeddedFontLayoutTests {
  private static func temporaryFolder() throws -> String {
    let path = try ScratchFolder.make("font-tests")
    return path
  }

  private func firstPageFonts(_ text: StyledText, embeddedFonts: Bool) throws -> [String] {
    var settings = LayoutSettings()
    settings.embeddedFonts = embeddedFonts
    let paginator = Paginator(
      text: text, container: TestText.page, settings: settings, fonts: try FontContext())
    let page = try #require(paginator.page(at: 0))
    return page.lines.flatMap { $0.runs.map(\.font.path) }
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func wastelandIsSetInItsOldStandardFacesAndNotWhenTurnedOff() throws {
    let cache = try Self.temporaryFolder()
    var options = ImportOptions()
    options.fontCacheDirectory = cache
    let book = try Book.open(Corpus.path("epub/idpf-wasteland-otf-obf.epub"), options: options)
    let index = try #require(
      book.chapters.firstIndex { $0.href?.hasSuffix("wasteland-content.xhtml") == true })
    let text = try book.text(ofChapter: index)
    let on = try firstPageFonts(text, embeddedFonts: true)
    let embedded = on.filter { $0.hasPrefix(cache + "/") }
    // Most runs (all but characters Old Standard lacks) use the book's own faces.
    #expect(embedded.count * 10 >= on.count * 8)
    #expect(Set(embedded).count >= 2)  // regular and italic (or bold) faces both in use
    let off = try firstPageFonts(text, embeddedFonts: false)
    #expect(!off.isEmpty && !off.contains { $0.hasPrefix(cache + "/") })
  }

  private func text(family: String, faces: [FontFace]) -> StyledText {
    var builder = StyledTextBuilder()
    var attributes = TextAttributes()
    attributes.fontFamily = .named(family)
    builder.beginParagraph(ParagraphStyle())
    builder.append("A paragraph set in a face the book says it embeds.", attributes)
    builder.endParagraph()
    var text = builder.build()
    text.fontFaces = faces
    return text
  }

  @Test func aGarbageFontFileFallsBackToTheFamilyList() throws {
    let folder = try Self.temporaryFolder()
    let garbage = folder + "/garbage.ttf"
    try Data([0, 1, 0, 0] + [UInt8](repeating: 0x41, count: 600)).write(
      to: URL(fileURLWithPath: garbage))
    let face = FontFace(family: "Broken", weight: 400, isItalic: false, path: garbage)
    let fonts = try firstPageFonts(
      text(family: "Broken, serif", faces: [face]), embeddedFonts: true)
    #expect(!fonts.isEmpty && !fonts.contains(garbage))
    #expect(fonts.allSatisfy { $0.contains("EBGaramond") })
  }

  @Test func anInstalledFamilyEarlierInTheListWinsOverAnEmbeddedOne() throws {
    let dejaVu = FontFace(
      family: "Embedded", weight: 400, isItalic: false,
      path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    try #require(FileManager.default.fileExists(atPath: dejaVu.path))
    let embeddedFirst = try firstPageFonts(
      text(family: "Embedded, serif", faces: [dejaVu]), embeddedFonts: true)
    #expect(embeddedFirst.allSatisfy { $0 == dejaVu.path })
    let serifFirst = try firstPageFonts(
      text(family: "serif, Embedded", faces: [dejaVu]), embeddedFonts: true)
    #expect(!serifFirst.contains(dejaVu.path))
  }
}
