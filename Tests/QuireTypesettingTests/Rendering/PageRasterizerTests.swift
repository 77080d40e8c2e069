import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct PageRasterizerTests {
  /// Where the pictures go: `$QUIRE_PAGES` or the temporary folder.
  static let folder = ProcessInfo.processInfo.environment["QUIRE_PAGES"] ?? NSTemporaryDirectory()

  private func inkedFraction(_ page: Page) throws -> Double {
    let image = try PageRasterizer().render(page)
    var inked = 0
    for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i] < 128 {
      inked += 1
    }
    return Double(inked) / Double(image.width * image.height)
  }

  @Test func englishJustifiedPageRendersToPNG() throws {
    let paragraphs = try TestText.paragraphs(
      ofFile: Corpus.path("txt/en/pride-and-prejudice_pg1342_utf8.txt"))
    let start = try #require(paragraphs.firstIndex { $0.hasPrefix("It is a truth universally") })
    let text = TestText.styled(Array(paragraphs[(start - 1)..<(start + 40)]))
    let page = try #require(
      Paginator(text: text, container: TestText.page, fonts: try FontContext()).page(at: 0))
    let path = Self.folder + "/quire-english.png"
    try renderPNG(page: page, to: path)
    #expect(FileManager.default.fileExists(atPath: path))
    let ink = try inkedFraction(page)
    #expect(ink > 0.02 && ink < 0.3)
  }

  @Test func chinesePageRendersToPNG() throws {
    let text = TestText.styled(try TestText.hongloumeng(from: "第一回", to: "第二回"), indent: 0)
    let page = try #require(
      Paginator(text: text, container: TestText.page, fonts: try FontContext()).page(at: 0))
    try renderPNG(page: page, to: Self.folder + "/quire-chinese.png")
    let ink = try inkedFraction(page)
    #expect(ink > 0.02 && ink < 0.4)
  }

  @Test func exclusionPageRendersToPNG() throws {
    let paragraphs = try TestText.paragraphs(
      ofFile: Corpus.path("txt/en/pride-and-prejudice_pg1342_utf8.txt"))
    let text = TestText.styled(Array(paragraphs.filter { $0.count > 300 }.prefix(12)))
    let page = try #require(
      Paginator(text: text, container: ExclusionPathTests.container(), fonts: try FontContext())
        .page(at: 0))
    try renderPNG(page: page, to: Self.folder + "/quire-exclusion.png")
  }
}
