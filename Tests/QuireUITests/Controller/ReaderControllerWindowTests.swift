import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import QuireUI
import Testing

/// What the window asks of the controller beyond commands: looking at a turn's target
/// without turning, and opening a book dropped on it.
@Suite struct ReaderControllerWindowTests {
  static let window = Viewport.pixels(width: 1200, height: 900, scale: 1)

  @Test func aTurnLookedAtIsTheTurnMadeAndChangesNothingUntilThen() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      UIFixtures.handbook, folder: folder, viewport: Self.window)
    let start = await controller.screen()
    #expect(start.sides.count == 2, "a window wider than tall shows two pages")
    let preview = try #require(await controller.preview(forward: true))
    // Looking saved nothing and moved nothing.
    #expect(await controller.screen().sides.map(\.page.range) == start.sides.map(\.page.range))
    let turned = await controller.perform(.turnForward)
    #expect(turned.sides.map(\.chapterIndex) == preview.map(\.chapterIndex))
    #expect(turned.sides.map(\.page.range) == preview.map(\.page.range))
    let back = try #require(await controller.preview(forward: false))
    #expect(back.map(\.page.range) == start.sides.map(\.page.range))
    #expect(await controller.preview(forward: false) != nil)
    await controller.close()
  }

  @Test func aBookDroppedOnTheWindowOpensOverTheLibrary() async throws {
    let folder = ScratchFolder()
    let (controller, library) = try await UIFixtures.controller(
      UIFixtures.handbook, folder: folder, viewport: Self.window)
    _ = await controller.perform(.library)
    let other = folder.file("dropped.txt")
    try String(repeating: "A dropped book, read at once. ", count: 200).write(
      toFile: other, atomically: true, encoding: .utf8)
    let screen = await controller.open(path: other)
    #expect(screen.panel == nil)
    #expect(screen.book.path == other)
    #expect(try library.books(sortedBy: .recent).contains { $0.path == other })
    let missing = await controller.open(path: folder.file("no-such-book.epub"))
    #expect(missing.book.path == other, "a file that cannot be read leaves the book open")
    #expect(missing.message?.isError == true)
    #expect(missing.message?.text.contains("no-such-book.epub") == true)
    await controller.close()
  }
}
