import Foundation
import QuireBook
import QuireTestSupport
import QuireTypesetting
import QuireUI
import Testing

/// Fixed-layout pages two at a time in a wide window, as a printed book's: the fixture
/// `epub/fixed-spreads` (a cover, then pages marked `page-spread-left`/`-right`, one right
/// page alone) and the manga `cbz/manga-five-pages.cbz` (its cover alone, then pairs, the
/// right page read first).
@Suite struct FixedSpreadsReadingTests {
  static let book = Corpus.fixtures + "/epub/fixed-spreads"
  static let manga = Corpus.fixtures + "/cbz/manga-five-pages.cbz"
  static let landscape = Viewport.pixels(width: 1200, height: 900, scale: 1)
  static let portrait = Viewport.pixels(width: 600, height: 900, scale: 1)

  /// The chapters shown with their frames' left edges, in reading order.
  static func shown(_ screen: ReaderScreen) -> [[Int]] {
    screen.sides.map { [$0.chapterIndex, Int($0.frame.x)] }
  }

  @Test func pagesPairAsTheBookPlacesThem() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      Self.book, folder: folder, viewport: Self.landscape)
    // The cover alone in the middle; 2 left and 3 right; 4, marked right, alone on the
    // right; 5 left and the SVG page 6 right.
    var screen = await controller.screen()
    #expect(Self.shown(screen) == [[0, 300]])
    let spreads = [[[1, 0], [2, 600]], [[3, 600]], [[4, 0], [5, 600]]]
    for spread in spreads {
      screen = await controller.perform(.turnForward)
      #expect(Self.shown(screen) == spread)
    }
    screen = await controller.perform(.turnForward)
    #expect(Self.shown(screen) == spreads.last, "the last spread stays")
    #expect(screen.message?.text == "This is the end of the book.")
    for spread in [[[3, 600]], [[1, 0], [2, 600]], [[0, 300]]] {
      screen = await controller.perform(.turnBackward)
      #expect(Self.shown(screen) == spread)
    }
    // A jump to a spread's second page shows the whole spread.
    screen = await controller.perform(.goToProgression(0.99))
    #expect(screen.sides.map(\.chapterIndex) == [4, 5])
    await controller.close()
  }

  @Test func aTallWindowShowsOnePageAtATime() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      Self.book, folder: folder, viewport: Self.portrait)
    var screen = await controller.screen()
    for chapter in 0..<6 {
      #expect(screen.sides.map(\.chapterIndex) == [chapter])
      screen = await controller.perform(.turnForward)
    }
    await controller.close()
  }

  @Test func mangaReadsItsRightPageFirst() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      Self.manga, folder: folder, viewport: Self.landscape)
    var screen = await controller.screen()
    #expect(screen.progressesRightToLeft)
    #expect(Self.shown(screen) == [[0, 300]])
    // Forward is to the left: pages 2 and 3 with 2 on the right, then 4 and 5.
    screen = await controller.perform(.turnLeft)
    #expect(Self.shown(screen) == [[1, 600], [2, 0]])
    screen = await controller.perform(.turnLeft)
    #expect(Self.shown(screen) == [[3, 600], [4, 0]])
    screen = await controller.perform(.turnRight)
    #expect(Self.shown(screen) == [[1, 600], [2, 0]])
    await controller.close()
  }
}
