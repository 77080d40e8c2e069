import Foundation
import QuireBook
import Testing

@testable import QuireReading

@Suite struct LibraryAnnotationsTests {
  let folder = ScratchFolder()

  @Test func savesTheCurrentPositionAndItsHistory() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    #expect(try library.currentPosition(ofBook: book.id) == nil)
    let first = Locator(
      chapterIndex: 1, offset: 10, totalProgression: 0.1, textBefore: "ab", textAfter: "cd")
    let second = Locator(chapterIndex: 3, offset: 7, totalProgression: 0.3)
    try library.savePosition(first, forBook: book.id, at: Date(timeIntervalSince1970: 10))
    try library.savePosition(second, forBook: book.id, at: Date(timeIntervalSince1970: 20))
    #expect(
      try library.currentPosition(ofBook: book.id)
        == SavedPosition(locator: second, savedAt: Date(timeIntervalSince1970: 20)))
    #expect(try library.positionHistory(ofBook: book.id).map(\.locator) == [second, first])
    #expect(try library.positionHistory(ofBook: book.id, limit: 1).map(\.locator) == [second])
  }

  @Test func positionHistoryIsBounded() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    for offset in 0..<(Library.positionHistoryLimit + 20) {
      try library.savePosition(Locator(chapterIndex: 0, offset: offset), forBook: book.id)
    }
    let history = try library.positionHistory(ofBook: book.id, limit: 10_000)
    #expect(history.count == Library.positionHistoryLimit)
    #expect(history.first?.locator.offset == Library.positionHistoryLimit + 19)
  }

  @Test func bookmarksAreListedInReadingOrderAndEditable() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    let late = try library.addBookmark(
      at: Locator(chapterIndex: 5, offset: 1), inBook: book.id, note: "the ball",
      at: Date(timeIntervalSince1970: 5))
    let early = try library.addBookmark(at: Locator(chapterIndex: 2, offset: 9), inBook: book.id)
    #expect(try library.bookmarks(inBook: book.id) == [early, late])
    try library.updateBookmark(early.id, note: "Box Hill")
    #expect(try library.bookmarks(inBook: book.id).first?.note == "Box Hill")
    #expect(try library.removeBookmark(late.id))
    #expect(try !library.removeBookmark(late.id))
    #expect(try library.bookmarks(inBook: book.id).map(\.id) == [early.id])
    #expect(throws: LibraryError.self) { try library.updateBookmark(late.id, note: "x") }
  }

  @Test func highlightsKeepBothEndsColourAndNote() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    let start = Locator(chapterIndex: 1, offset: 4, textBefore: "It is a ", textAfter: "truth")
    let end = Locator(chapterIndex: 1, offset: 30, textBefore: "acknowledged", textAfter: ",")
    let highlight = try library.addHighlight(
      from: start, to: end, inBook: book.id, colour: .green, note: "opening",
      at: Date(timeIntervalSince1970: 77))
    #expect(try library.highlights(inBook: book.id) == [highlight])
    try library.updateHighlight(highlight.id, note: nil)
    try library.updateHighlight(highlight.id, colour: .pink)
    let stored = try #require(try library.highlights(inBook: book.id).first)
    #expect(stored.note == nil)
    #expect(stored.colour == .pink)
    #expect(stored.start == start && stored.end == end)
    #expect(try library.removeHighlight(highlight.id))
    #expect(try library.highlights(inBook: book.id).isEmpty)
    let backwards = #expect(throws: LibraryError.self) {
      try library.addHighlight(from: end, to: start, inBook: book.id)
    }
    #expect(backwards?.code == .invalidValue)
  }
}
