import Foundation
import QuireBook
import QuireTestSupport
import QuireUI
import Testing

@testable import QuireReading

/// Bookmarks and highlights already in readers' libraries with places the book does not
/// have (older Quires stored imported ones unchecked): the panel lists them and jumps to
/// them without trapping (an array index used to crash the terminal reader every time the
/// panel opened).
@Suite struct StoredLocatorTests {
  @Test func thePanelOpensAndJumpsWhateverTheLibraryHolds() async throws {
    let folder = ScratchFolder()
    let (controller, library) = try await UIFixtures.controller(UIFixtures.handbook, folder: folder)
    let bookID = try #require(await controller.session.bookID)
    let places = [
      Locator(chapterIndex: -1, offset: 0), Locator(chapterIndex: 1_000_000, offset: 3),
      Locator(chapterIndex: 1, offset: -5), Locator(chapterIndex: 1, offset: 9_999_999),
    ]
    for place in places {
      try library.addBookmark(at: place, inBook: bookID, note: "note at \(place.chapterIndex)")
    }
    try library.write { database in
      for (start, end) in [
        (Locator(chapterIndex: 1, offset: 40), Locator(chapterIndex: 1, offset: 10)),
        (Locator(chapterIndex: 1, offset: -7), Locator(chapterIndex: 1, offset: 5_000_000)),
        (Locator(chapterIndex: 900, offset: 2), Locator(chapterIndex: 901, offset: 1)),
      ] {
        _ = try Library.insertHighlight(
          database,
          Highlight(
            id: 0, bookID: bookID, start: start, end: end, colour: .yellow, note: nil,
            createdAt: Date()))
      }
    }
    var screen = await controller.perform(.bookmarks)
    let rows = try #require(screen.panel?.rows)
    // Each entry is a row under its contents name (a row of its own).
    #expect(rows.filter { $0.depth == 1 }.count == 7)
    #expect(rows.contains { $0.detail.hasSuffix("no chapter 1000001 here") })
    #expect(rows.contains { $0.detail.hasSuffix("no chapter 0 here") })
    for index in rows.indices {
      screen = await controller.perform(.bookmarks)
      for _ in 0..<index { screen = await controller.perform(.moveDown) }
      screen = await controller.perform(.choose)
      #expect(screen.panel == nil)
      #expect(!screen.sides.isEmpty)
    }
    await controller.close()
  }
}
