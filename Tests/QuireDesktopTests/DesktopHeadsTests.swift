import Foundation
import QuireRendering
import QuireTestSupport
import Testing

/// The window's running heads and title as a reader sees them: the book chosen in the
/// library takes over the title, the heads and the pages (none of the last book's stays),
/// and the heads start where the text does.
@Suite(
  .serialized, .tags(.frontEnd), .unlessSkipping(.frontEnd),
  .enabled(if: WindowReader.isAvailable, WindowReader.skipMessage),
  .timeLimit(.minutes(3)))
struct DesktopHeadsTests {
  static let alice = "epub/pg11-alice-in-wonderland_epub2-ncx.epub"

  @Test(
    "a book chosen in the library brings its own title, heads and pages",
    .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func theLibrarySwitchShowsTheBookChosen() throws {
    let reader = try WindowReader([Corpus.path(Self.alice)])
    defer { reader.removeFolder() }
    _ = try reader.waitFor("Alice's first spread") { !$0.sides.isEmpty }
    #expect(try reader.quit() == 0)
    try reader.start([DesktopReaderTests.handbook])
    let handbook = try reader.waitFor("the handbook's first spread") { !$0.sides.isEmpty }
    #expect(handbook.title.contains("The Quire Handbook"))
    let before = try reader.screenshot()
    try reader.key("Escape")
    _ = try reader.waitFor("the library") { $0.panel == "library" }
    try reader.key("A", "l", "i", "c", "e")
    _ = try reader.waitFor("the library filtered") { $0.panelRows.count == 1 }
    try reader.key("Return")
    let alice = try reader.waitFor("Alice's pages") {
      $0.panel == nil && $0.title.contains("Alice")
    }
    #expect(!alice.title.contains("Handbook"), "\(alice.title)")
    _ = try reader.settle()
    let shot = try reader.screenshot()
    if let folder = ProcessInfo.processInfo.environment["QUIRE_SCREENSHOTS"] {
      try shot.writePNG(to: folder + "/library-switch.png")
    }
    // The header's left head is the new book's title, not the handbook's kept.
    #expect(Self.headerPixels(shot, before) > 100, "the header still names the last book")
    #expect(DesktopReaderTests.differingPixels(shot, before) > 20_000)
    #expect(try reader.quit() == 0)
  }

  /// Pixels that differ in the header's band over the left page.
  static func headerPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    func band(_ image: RGBAImage) -> RGBAImage {
      let rows = 6..<34
      var pixels: [UInt8] = []
      for row in rows {
        let start = image.index(x: 40, y: row)
        pixels += image.pixels[start..<(start + 520 * 4)]
      }
      return RGBAImage(width: 520, height: rows.count, pixels: pixels)
    }
    return DesktopReaderTests.differingPixels(band(a), band(b))
  }
}
