import Foundation
import QuireRendering
import QuireTestSupport
import Testing

/// FB2, MOBI, AZW3, CBZ and a fixed-layout EPUB in the window as a person opens them: the
/// real `quire` under Xvfb shows each one's first spread with ink on it, and its title in
/// the window, and turns to the next.
@Suite(
  .serialized, .enabled(if: WindowReader.isAvailable, WindowReader.skipMessage),
  .timeLimit(.minutes(3)))
struct FormatsWindowTests {
  static let samples = [
    "fb2/alice-in-wonderland_pg11_generated.fb2",
    "mobi/pg11-alice-in-wonderland_calibre-old.mobi",
    "azw3/pg11-alice-in-wonderland_calibre-kf8.azw3",
    "cbz/cole-voyage-of-life_12-pages_unpadded-names.cbz",
    "epub/idpf-cole-voyage-of-life.epub",
  ]

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage), arguments: samples)
  func opensOnAPageWithInk(_ file: String) throws {
    let reader = try WindowReader([Corpus.path(file)])
    defer { reader.removeFolder() }
    let state = try reader.waitFor("the first page of \(file)") { !$0.sides.isEmpty }
    #expect(state.sides.first?.start == 0)
    let expected = file.contains("cole") ? "Voyage of Life" : "Alice"
    #expect(state.title.contains(expected), "\(state.title)")
    // A comic's page is a painting: colour everywhere; a text page: type on the left.
    let shot = try reader.screenshot()
    #expect(DesktopReaderTests.ink(shot, x: 40..<560, y: 40..<860) > 300, "the left page is blank")
    try reader.key("Right")
    _ = try reader.waitFor("the next spread") {
      ($0.sides.first?.start ?? 0) > 0 || $0.sides.first?.chapter != state.sides.first?.chapter
    }
    #expect(try reader.quit() == 0)
  }
}
