import Foundation
import QuireBook
import QuireTestSupport
import QuireTypesetting
import QuireUI
import Testing

/// The text of fixed-layout pages where the page draws it: the fixture
/// `epub/fixed-spreads`'s page 5 places its notes with `position: absolute`, and its page
/// 6 is an SVG whose `<text>` is kept, unseen, over its picture, so a reader selects and
/// copies the words they see there.
@Suite struct FixedLayoutTextTests {
  static let book = Corpus.fixtures + "/epub/fixed-spreads"
  /// One page at the designed size (600 × 800) with no margins: page pixels are CSS pixels.
  static let window = Viewport.pixels(width: 600, height: 800, scale: 1)

  static func controller(chapter: Int, folder: ScratchFolder) async throws -> ReaderController {
    var preferences = Preferences()
    preferences.margins = 0
    let (controller, _) = try await UIFixtures.controller(
      book, folder: folder, viewport: window, preferences: preferences)
    for _ in 0..<chapter { _ = await controller.perform(.turnForward) }
    return controller
  }

  /// The box of the line whose text starts with `prefix`.
  static func line(_ prefix: String, on side: PageSide) -> Rect? {
    side.page.lines.first { side.text.substring($0.range).hasPrefix(prefix) }?.frame
  }

  @Test func positionedTextIsDrawnAtItsPlace() async throws {
    let folder = ScratchFolder()
    let controller = try await Self.controller(chapter: 4, folder: folder)
    let side = try #require(await controller.screen().sides.first)
    #expect(side.chapterIndex == 4)
    let scale = side.textFrame.width / 600
    // `left: 5%; top: 5%` and `left: 350px; top: 650px` of the 600 × 800 page.
    let note = try #require(Self.line("Top left note", on: side))
    #expect(abs(note.x - 30 * scale) < 4 && abs(note.y - 40 * scale) < 12, "\(note)")
    let corner = try #require(Self.line("Bottom right", on: side))
    #expect(abs(corner.x - 350 * scale) < 4 && abs(corner.y - 650 * scale) < 12, "\(corner)")
    await controller.close()
  }

  @Test func anSVGPagesWordsAreSelectedWhereThePictureShowsThem() async throws {
    let folder = ScratchFolder()
    let controller = try await Self.controller(chapter: 5, folder: folder)
    let side = try #require(await controller.screen().sides.first)
    #expect(side.chapterIndex == 5)
    #expect(side.page.images.count == 1, "the SVG is still drawn as the page's picture")
    // "The chart of the northern bay" is drawn from (60, 620) at 34 px: its words are
    // there on the page, and a double-click on "chart" selects it.
    let words = try #require(Self.line("The chart of the northern bay", on: side))
    let scale = side.textFrame.width / 600
    #expect(abs(words.x - 60 * scale) < 6, "\(words)")
    #expect(words.y < 620 * scale && 620 * scale < words.maxY, "\(words)")
    let x = side.textFrame.x + words.x + words.width * 0.2
    _ = await controller.select(
      atX: x, y: side.textFrame.y + words.y + words.height / 2, unit: .word)
    let screen = await controller.perform(.copySelection)
    #expect(screen.copy?.text == "chart")
    await controller.close()
  }
}
