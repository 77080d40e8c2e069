import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import QuireTypesetting
import QuireUI
import Testing

/// Hit testing on laid-out pages, pixel and cell alike: every character's box maps back to
/// the character.
@Suite struct PageGeometryTests {
  static func pages(_ viewport: Viewport) async throws -> [PageSide] {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(
      UIFixtures.handbook, folder: folder, viewport: viewport)
    var sides: [PageSide] = []
    var screen = await controller.nextFile()
    for _ in 0..<3 {
      sides += screen.sides
      screen = await controller.perform(.turnForward)
    }
    await controller.close()
    return sides
  }

  @Test(arguments: [
    Viewport.cells(columns: 70, rows: 30), .pixels(width: 600, height: 800, scale: 1),
  ])
  func theBoxOfEveryCharacterMapsBackToIt(_ viewport: Viewport) async throws {
    for side in try await Self.pages(viewport) {
      let geometry = PageGeometry(page: side.page)
      let offsets = geometry.offsets
      #expect(offsets.count > 100, "a page of the handbook shows text")
      for offset in Set(offsets) {
        let boxes = geometry.rectangles(of: offset..<(offset + 1))
        let box = try #require(boxes.first, "offset \(offset) has a box")
        let centre = (x: box.x + box.width / 2, y: box.y + box.height / 2)
        #expect(
          geometry.offset(atX: centre.x, y: centre.y) == offset,
          "the middle of the box of \(offset) maps back to it")
      }
      // Outside the text there is no character.
      #expect(geometry.offset(atX: -5, y: -5) == nil)
    }
  }

  @Test func aRangesRectanglesCoverItsLinesAndNothingElse() async throws {
    let side = try #require(try await Self.pages(.cells(columns: 70, rows: 30)).first)
    let geometry = PageGeometry(page: side.page)
    let lines = side.page.lines.filter { !$0.runs.isEmpty }
    let range = lines[1].range.lowerBound..<lines[3].range.upperBound
    let boxes = geometry.rectangles(of: range)
    #expect(Set(boxes.map(\.y)) == Set(lines[1...3].map(\.frame.y)))
    for box in boxes {
      let inside = geometry.offset(atX: box.x + 0.5, y: box.y + 0.5)
      #expect(inside.map(range.contains) == true)
    }
  }

  @Test func cellPagesCarryTheBooksStyles() async throws {
    let folder = ScratchFolder()
    let (controller, _) = try await UIFixtures.controller(UIFixtures.handbook, folder: folder)
    var screen = await controller.nextFile()
    var styles = Set<String>()
    for _ in 0..<6 {
      for side in screen.sides {
        for row in side.cells.lines {
          for run in row {
            if run.style.bold { styles.insert("bold") }
            if run.style.italic { styles.insert("italic") }
            if run.style.link { styles.insert("link") }
            if run.style.noteReference { styles.insert("noteref") }
            // Each run's text is the book's text at its characters.
            let text = side.text.substring(run.range).filter { !$0.isWhitespace && $0 != "\u{AD}" }
            #expect(run.text.filter { !$0.isWhitespace && $0 != "-" }.allSatisfy(text.contains))
          }
        }
      }
      screen = await controller.perform(.turnForward)
    }
    #expect(styles.isSuperset(of: ["bold", "italic", "link", "noteref"]), "\(styles)")
    await controller.close()
  }
}

@Suite struct AmbiguousWidthTests {
  @Test func ambiguousCharactersTakeTwoCellsWhenTheTerminalDrawsThemWide() async throws {
    let folder = ScratchFolder()
    var preferences = Preferences()
    preferences.ambiguousWide = true
    let (controller, _) = try await UIFixtures.controller(
      UIFixtures.handbook, folder: folder, viewport: .cells(columns: 70, rows: 30),
      preferences: preferences)
    var screen = await controller.nextFile()
    var sawQuote = false
    for _ in 0..<4 {
      for side in screen.sides {
        let cells = side.cells
        for row in cells.lines {
          for run in row {
            let wide = run.text.unicodeScalars.reduce(0) {
              $0 + CellWidth.of($1, ambiguousWide: true)
            }
            #expect(run.width == wide)
            #expect(run.column + run.width <= cells.columns, "\(run.text) fits the column")
            if run.text.contains("’") || run.text.contains("“") {
              sawQuote = true
              #expect(run.width > run.text.unicodeScalars.count)
            }
          }
        }
      }
      screen = await controller.perform(.turnForward)
    }
    #expect(sawQuote, "the handbook's pages have curly quotes")
    await controller.close()
  }
}
