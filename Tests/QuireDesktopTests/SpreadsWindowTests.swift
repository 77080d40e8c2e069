import Foundation
import QuireRendering
import QuireTestSupport
import Testing

/// Fixed-layout pages two at a time in a wide window, as a person sees them: the real
/// `quire` under Xvfb shows a comic's cover alone, then its pages side by side (the right
/// one first in a manga), and a fixed-layout EPUB's pages on the sides its spine gives.
@Suite(
  .serialized, .enabled(if: WindowReader.isAvailable, WindowReader.skipMessage),
  .timeLimit(.minutes(3)))
struct SpreadsWindowTests {
  /// The chapters shown with the left edges of their frames.
  static func shown(_ state: WindowReader.State) -> [[Int]] {
    state.sides.map { [$0.chapter, Int($0.x)] }
  }

  /// The average colour of a box of the screenshot.
  static func colour(_ image: RGBAImage, x: Range<Int>, y: Range<Int>) -> [Int] {
    var sums = [0, 0, 0]
    for row in y {
      for column in x {
        let i = image.index(x: column, y: row)
        for c in 0..<3 { sums[c] += Int(image.pixels[i + c]) }
      }
    }
    return sums.map { $0 / (x.count * y.count) }
  }

  static func save(_ shot: RGBAImage, _ name: String) throws {
    if let folder = ProcessInfo.processInfo.environment["QUIRE_SCREENSHOTS"] {
      try shot.writePNG(to: folder + "/" + name + ".png")
    }
  }

  /// The same manga as a ZIP (CBZ) and as a 7-Zip archive (CB7).
  @Test(arguments: ["manga-five-pages.cbz", "manga-five-pages.cb7"])
  func aMangaShowsItsCoverAloneThenTwoPagesRightFirst(_ file: String) throws {
    let reader = try WindowReader([Corpus.fixtures + "/cbz/" + file])
    defer { reader.removeFolder() }
    let cover = try reader.waitFor("the cover") { !$0.sides.isEmpty }
    #expect(Self.shown(cover) == [[0, 300]])
    try reader.key("Left")
    let spread = try reader.waitFor("pages 2 and 3") { $0.sides.count == 2 }
    #expect(Self.shown(spread) == [[1, 600], [2, 0]])
    _ = try reader.settle()
    let shot = try reader.screenshot()
    try Self.save(shot, file.hasSuffix(".cb7") ? "manga-spread-cb7" : "manga-spread")
    // Page 2 (blue) on the right, page 3 (green) on the left, each filling its half's
    // middle.
    let left = Self.colour(shot, x: 250..<350, y: 150..<200)
    let right = Self.colour(shot, x: 850..<950, y: 150..<200)
    #expect(left[1] > left[0] + 50 && left[1] > left[2] + 30, "green on the left: \(left)")
    #expect(right[2] > right[0] + 100 && right[2] > right[1] + 30, "blue on the right: \(right)")
    #expect(try reader.quit() == 0)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func theCorpusComicPairsItsPagesSideBySide() throws {
    let reader = try WindowReader([
      Corpus.path("cbz/cole-voyage-of-life_12-pages_unpadded-names.cbz")
    ])
    defer { reader.removeFolder() }
    let cover = try reader.waitFor("the cover") { !$0.sides.isEmpty }
    #expect(Self.shown(cover) == [[0, 300]])
    try reader.key("Right")
    let spread = try reader.waitFor("pages 2 and 3") { $0.sides.count == 2 }
    #expect(Self.shown(spread) == [[1, 0], [2, 600]])
    _ = try reader.settle()
    let shot = try reader.screenshot()
    try Self.save(shot, "comic-spread")
    #expect(DesktopReaderTests.ink(shot, x: 40..<560, y: 100..<800) > 300, "the left page")
    #expect(DesktopReaderTests.ink(shot, x: 640..<1160, y: 100..<800) > 300, "the right page")
    #expect(try reader.quit() == 0)
  }

  @Test func aFixedLayoutBookPlacesItsPagesAsItsSpineSays() throws {
    let reader = try WindowReader([Corpus.fixtures + "/epub/fixed-spreads"])
    defer { reader.removeFolder() }
    let cover = try reader.waitFor("the cover") { !$0.sides.isEmpty }
    #expect(Self.shown(cover) == [[0, 300]])
    try reader.key("Right")
    let spread = try reader.waitFor("pages 2 and 3") { $0.sides.count == 2 }
    #expect(Self.shown(spread) == [[1, 0], [2, 600]])
    _ = try reader.settle()
    let shot = try reader.screenshot()
    try Self.save(shot, "fixed-spread")
    #expect(DesktopReaderTests.ink(shot, x: 40..<560, y: 100..<800) > 300, "page 2 on the left")
    #expect(DesktopReaderTests.ink(shot, x: 640..<1160, y: 100..<800) > 300, "page 3 on the right")
    try reader.key("Right")
    let alone = try reader.waitFor("page 4 alone on the right") {
      $0.sides.first?.chapter == 3
    }
    #expect(Self.shown(alone) == [[3, 600]])
    _ = try reader.settle()
    let right = try reader.screenshot()
    try Self.save(right, "fixed-right-alone")
    #expect(DesktopReaderTests.ink(right, x: 40..<560, y: 100..<800) == 0, "nothing on the left")
    #expect(DesktopReaderTests.ink(right, x: 640..<1160, y: 100..<800) > 300)
    #expect(try reader.quit() == 0)
  }
}
