import QuireBook
import QuireReading
import QuireTestSupport
import QuireTypesetting
import Testing

@testable import QuireUI

/// A selection made on pages stays the same characters when the pages are cut again: it is
/// made of locators, and every page that shows part of it shows exactly that part.
@Suite struct SelectionLayoutTests {
  /// The sides shown from the handbook's second chapter on, `count` turns.
  static func sides(
    _ controller: ReaderController, turns count: Int
  ) async -> [PageSide] {
    var screen = await controller.screen()
    var sides: [PageSide] = []
    for _ in 0..<count {
      sides += screen.sides
      screen = await controller.perform(.turnForward)
    }
    return sides
  }

  /// The offsets of the selection's characters that a page draws, found by hit testing
  /// the boxes the selection paints on it.
  static func paintedOffsets(_ selection: Selection, on side: PageSide) -> Set<Int> {
    guard
      let range = selection.range(inChapter: side.chapterIndex, length: side.text.length)
    else { return [] }
    let geometry = PageGeometry(page: side.page)
    var offsets = Set<Int>()
    for box in geometry.rectangles(of: range) {
      var x = box.x + 0.5
      while x < box.maxX {
        if let offset = geometry.offset(atX: x, y: box.y + box.height / 2) {
          offsets.insert(offset)
        }
        x += 1
      }
    }
    return offsets
  }

  @Test func aSelectionAcrossAPageBreakNamesTheSameCharactersAfterAResize() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      UIFixtures.handbook, folder: folder, viewport: .cells(columns: 70, rows: 24))
    _ = await controller.nextFile()
    let book = try Book.open(UIFixtures.handbook)
    let text = TextBoundaries(book: book)
    let first = try #require(await Self.sides(controller, turns: 1).first)
    // The last word on the page, then four sentences on: onto the next page, and long
    // enough to cross a break on the narrower pages below too.
    let geometry = PageGeometry(page: first.page)
    let lastLine = try #require(first.page.lines.last { !$0.runs.isEmpty })
    var selection = try #require(
      Selection.at(
        Locator(chapterIndex: first.chapterIndex, offset: lastLine.range.lowerBound),
        unit: .word, in: text))
    for _ in 0..<4 { selection = selection.extended(by: .sentence, .forward, in: text) }
    #expect(selection.end.offset > first.page.range.upperBound, "it runs onto the next page")
    let copied = selection.text(in: text)
    #expect(copied.count > 200, "\(copied)")

    // What the pages of this size paint of it is every one of its characters that they show.
    func check(_ sides: [PageSide]) {
      var painted = Set<Int>()
      var shown = Set<Int>()
      for side in sides {
        painted.formUnion(Self.paintedOffsets(selection, on: side))
        shown.formUnion(
          PageGeometry(page: side.page).offsets.filter {
            selection.contains(chapter: side.chapterIndex, offset: $0)
          })
      }
      #expect(!painted.isEmpty)
      #expect(painted == shown)
    }
    _ = await controller.perform(.turnBackward)
    check(await Self.sides(controller, turns: 3))
    #expect(geometry.offsets.contains(lastLine.range.lowerBound))

    // A narrower terminal cuts the pages elsewhere; the selection is the same text.
    _ = await controller.resize(to: .cells(columns: 34, rows: 12))
    _ = await controller.perform(.firstPage)
    var screen = await controller.nextFile()
    var narrower: [PageSide] = []
    for _ in 0..<40 {
      narrower += screen.sides
      guard let last = screen.sides.last, last.chapterIndex == selection.end.chapterIndex,
        last.page.range.upperBound < selection.end.offset
      else { break }
      screen = await controller.perform(.turnForward)
    }
    let holding = narrower.filter { !Self.paintedOffsets(selection, on: $0).isEmpty }
    #expect(holding.count >= 2, "the selection runs across a page break here too")
    check(narrower)
    #expect(selection.text(in: text) == copied)
    await controller.close()
  }

  /// The hyphen the typesetter draws at a line's end is not in what is copied.
  @Test func copyingAcrossAHyphenatedLineLeavesTheHyphenOut() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      UIFixtures.handbook, folder: folder, viewport: .cells(columns: 36, rows: 30))
    _ = await controller.nextFile()
    let book = try Book.open(UIFixtures.handbook)
    let text = TextBoundaries(book: book)
    var found = false
    for side in await Self.sides(controller, turns: 12) where !found {
      let cells = side.cells
      for row in 0..<(cells.rows - 1) {
        let line = cells.text(ofRow: row).trimmingCharacters(in: .whitespaces)
        guard line.hasSuffix("-"), let run = cells.lines[row].last,
          side.text.substring((run.range.upperBound - 1)..<run.range.upperBound) != "-"
        else { continue }
        // "exam-" here and "ple" on the next row are "example" in the copy.
        let head = String(line.split(separator: " ").last!.dropLast())
        let tail = String(
          cells.text(ofRow: row + 1).trimmingCharacters(in: .whitespaces)
            .split(separator: " ").first!)
        let selection = try #require(
          Selection.page(side.page.range, chapter: side.chapterIndex, in: text))
        let copied = selection.text(in: text)
        #expect(copied.contains(head + tail), "“\(head)-” “\(tail)” copied as one word")
        #expect(!copied.contains(head + "-"))
        found = true
        break
      }
    }
    #expect(found, "a hyphenated line in the handbook's first pages")
    await controller.close()
  }
}
