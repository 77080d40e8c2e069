import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// How highlights that overlap behave: one colour and style merge, others stack, and
/// removing one leaves the rest.
@Suite struct LibraryHighlightsTests {
  let folder = ScratchFolder()

  func at(_ offset: Int, chapter: Int = 0) -> Locator {
    Locator(chapterIndex: chapter, offset: offset)
  }

  func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + seconds) }

  @Test func theSameColourAndStyleMergeIntoOneOnTop() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    let first = try library.addHighlight(
      from: at(10), to: at(30), inBook: book.id, note: "first thought", at: date(0))
    let green = try library.addHighlight(
      from: at(25), to: at(50), inBook: book.id, colour: .green, at: date(5))
    let second = try library.addHighlight(
      from: at(40), to: at(60), inBook: book.id, note: "second", at: date(10))
    #expect(second.id != first.id)
    // The third overlaps neither yellow one yet: three highlights.
    #expect(try library.highlights(inBook: book.id).count == 3)
    // One from 20 to 45 joins both yellow ones into one, 10 to 60.
    let merged = try library.addHighlight(from: at(20), to: at(45), inBook: book.id, at: date(20))
    let all = try library.highlights(inBook: book.id)
    #expect(all.count == 2)
    let yellow = try #require(all.first { $0.colour == .yellow })
    #expect(yellow == merged)
    #expect(yellow.start.offset == 10 && yellow.end.offset == 60)
    #expect(yellow.note == "first thought\n\nsecond")
    #expect(yellow.createdAt == date(0) && yellow.modifiedAt == date(20))
    // Made now, it is drawn above the green one it overlaps.
    let greenNow = try #require(all.first { $0.colour == .green })
    #expect(greenNow == green)
    #expect(yellow.overlaps(greenNow) && yellow.stackedAbove(greenNow))
  }

  @Test func touchingOrDifferentHighlightsStayApart() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    try library.addHighlight(from: at(0), to: at(10), inBook: book.id)
    try library.addHighlight(from: at(10), to: at(20), inBook: book.id)  // touches only
    try library.addHighlight(from: at(5), to: at(15), inBook: book.id, style: .underline)
    try library.addHighlight(from: at(5), to: at(15), inBook: book.id, colour: .pink)
    try library.addHighlight(from: at(5, chapter: 1), to: at(8, chapter: 1), inBook: book.id)
    let all = try library.highlights(inBook: book.id)
    #expect(all.count == 5)
    // Reading order of starts, the earlier made first at one start.
    #expect(all.map(\.start.offset) == [0, 5, 5, 10, 5])
    #expect(all[1].style == .underline && all[2].colour == .pink)
    #expect(all[2].stackedAbove(all[1]) && !all[1].stackedAbove(all[2]))
  }

  @Test func removingOneLeavesTheOthersAndUndoPutsItBack() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    let under = try library.addHighlight(from: at(0), to: at(40), inBook: book.id, colour: .blue)
    let over = try library.addHighlight(
      from: at(10), to: at(20), inBook: book.id, colour: .pink, style: .strikethrough,
      note: "no", at: date(3))
    #expect(try library.removeHighlight(over.id))
    #expect(try library.highlights(inBook: book.id) == [under])
    let restored = try library.restoreHighlight(over)
    #expect(restored == over)
    #expect(try library.highlights(inBook: book.id) == [under, over])
  }

  @Test func anEmptyOrBackwardPassageIsRefused() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    let empty = #expect(throws: LibraryError.self) {
      try library.addHighlight(from: at(4), to: at(4), inBook: book.id)
    }
    #expect(empty?.code == .invalidValue)
    #expect(empty?.description.contains("at least one character") == true)
    #expect(try library.highlights(inBook: book.id).isEmpty)
  }

  @Test func editsRecordTheirTime() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    let highlight = try library.addHighlight(
      from: at(0), to: at(9), inBook: book.id, at: date(0.75))
    #expect(highlight.createdAt == date(0), "times are kept in whole seconds, as exports are")
    try library.updateHighlight(highlight.id, colour: .purple, at: date(60))
    try library.updateHighlight(highlight.id, note: "later", at: date(120))
    let stored = try #require(try library.highlights(inBook: book.id).first)
    #expect(stored.colour == .purple && stored.note == "later")
    #expect(stored.createdAt == date(0) && stored.modifiedAt == date(120))
    let bookmark = try library.addBookmark(at: at(3), inBook: book.id, at: date(1))
    try library.updateBookmark(bookmark.id, note: "page note", at: date(200))
    let marked = try #require(try library.bookmarks(inBook: book.id).first)
    #expect(marked.createdAt == date(1) && marked.modifiedAt == date(200))
    #expect(throws: LibraryError.self) { try library.updateHighlight(999, style: .underline) }
  }
}

extension LibraryHighlightsTests {
  @Test func aRemovedBookmarkComesBackAsItWas() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    let bookmark = try library.addBookmark(
      at: at(7), inBook: book.id, note: "Box Hill", at: date(0))
    #expect(try library.removeBookmark(bookmark.id))
    #expect(try library.restoreBookmark(bookmark) == bookmark)
    #expect(try library.bookmarks(inBook: book.id) == [bookmark])
  }
}
