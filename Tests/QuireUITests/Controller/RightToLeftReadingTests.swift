import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import QuireTypesetting
import QuireUI
import Testing

/// Reading the vertical fixture `epub/botchan-vertical` (spine `rtl`): the next page is to
/// the left, hit tests find characters in columns, and the terminal sets it horizontally.
@Suite struct RightToLeftReadingTests {
  static let book = Corpus.fixtures + "/epub/botchan-vertical"
  static let window = Viewport.pixels(width: 360, height: 480, scale: 1)

  @Test func theArrowToTheLeftTurnsToTheNextPage() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      Self.book, folder: folder, viewport: Self.window)
    let first = await controller.screen()
    #expect(first.progressesRightToLeft)
    let start = try #require(first.sides.first?.page.range)
    let next = await controller.perform(.turnLeft)
    let nextRange = try #require(next.sides.first?.page.range)
    #expect(nextRange.lowerBound == start.upperBound, "left is forward")
    let back = await controller.perform(.turnRight)
    #expect(back.sides.first?.page.range == start, "right is back")
    #expect(ReaderCommand.turnRight.resolved(rightToLeft: false) == .turnForward)
    await controller.close()
  }

  @Test(arguments: [window, .cells(columns: 60, rows: 24)])
  func everyCharacterOfAVerticalPageIsFoundWhereItIsDrawn(_ viewport: Viewport) async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      Self.book, folder: folder, viewport: viewport)
    var screen = await controller.screen()
    for _ in 0..<2 {
      let side = try #require(screen.sides.first)
      let isCells = if case .cells = viewport { true } else { false }
      // Columns on pixels; the terminal sets the book horizontally.
      #expect(side.page.lines.filter { !$0.runs.isEmpty }.allSatisfy { $0.isVertical != isCells })
      let geometry = PageGeometry(page: side.page)
      #expect(geometry.offsets.count > 30)
      for offset in Set(geometry.offsets) {
        let box = try #require(geometry.rectangles(of: offset..<(offset + 1)).first)
        #expect(
          geometry.offset(atX: box.x + box.width / 2, y: box.y + box.height / 2) == offset,
          "the middle of the box of \(offset) maps back to it")
      }
      if !isCells {
        // A word's boxes make one band down its column.
        let column = try #require(side.page.lines.max { $0.range.count < $1.range.count })
        let range = column.range.lowerBound..<(column.range.lowerBound + 4)
        let bands = geometry.rectangles(of: range)
        #expect(bands.count == 1 && (bands.first.map { $0.height > $0.width * 2 } ?? false))
      }
      screen = await controller.perform(.turnLeft)
    }
    await controller.close()
  }
}
