import Foundation
import QuireBook
import Testing

@testable import QuireRendering
@testable import QuireTypesetting

/// Turns between two real typeset pages of a corpus book. With `QUIRE_WRITE_TURN_DOCS=1`
/// the strips for the README are (re)written to `docs/turns/`.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct TurnDocsTests {
  /// Two consecutive pages of *Alice's Adventures in Wonderland*, on warm paper.
  static func pages() throws -> (RGBAImage, RGBAImage) {
    let book = try Book.open(Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt"))
    let chapter = try #require(book.chapters.firstIndex { $0.title.contains("Rabbit-Hole") })
    let container = TextContainer(
      width: 300, height: 400, margins: EdgeInsets(top: 28, left: 24, bottom: 28, right: 24))
    let paginator = Paginator(
      text: try book.text(ofChapter: chapter), container: container,
      settings: LayoutSettings(fontSize: 12), fonts: try FontContext())
    let renderer = try PageRenderer()
    var paper = Theme.day
    paper.background = Color(red: 251, green: 247, blue: 236)
    func image(_ index: Int) throws -> RGBAImage {
      renderer.render(try #require(paginator.page(at: index)), theme: paper).image
    }
    return (try image(1), try image(2))
  }

  @Test(arguments: [TurnMode.curl, .leaf])
  func realPagesTurn(mode: TurnMode) throws {
    let (from, to) = try Self.pages()
    let frames = TurnAnimation.render(from: from, to: to, mode: mode, frames: 6)
    let ends = frames.first == from && frames.last == to
    #expect(ends)
    #expect(Set(frames.map(\.pixels)).count == 6)
    if ProcessInfo.processInfo.environment["QUIRE_WRITE_TURN_DOCS"] == "1" {
      let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/turns")
      try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
      let strip = TurnAnimation.strip(frames, gap: 6, background: (255, 255, 255, 255))
      try strip.writePNG(to: docs.appendingPathComponent("\(mode.rawValue)-strip.png").path)
    }
  }
}
