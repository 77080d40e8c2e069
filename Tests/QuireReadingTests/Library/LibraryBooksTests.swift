import Foundation
import QuireBook
import Testing

@testable import QuireReading

@Suite struct LibraryBooksTests {
  let folder = ScratchFolder()

  @Test func addsAndFindsABookByHashAndPath() throws {
    let library = try Library(path: folder.libraryPath)
    let metadata = Sample.metadata("War and Peace", authors: ["Leo Tolstoy"], language: "en")
    let added = try library.addBook(
      path: "/books/war.epub", contentHash: "abc", format: "EPUB 3.0", metadata: metadata,
      characters: 3_200_000, cover: Data([1, 2, 3]), at: Date(timeIntervalSince1970: 1_000))
    #expect(added.title == "War and Peace")
    #expect(added.authors == ["Leo Tolstoy"])
    #expect(added.language == "en")
    #expect(added.characters == 3_200_000)
    #expect(added.addedAt == Date(timeIntervalSince1970: 1_000))
    #expect(added.openedAt == nil)
    #expect(added.progression == nil)
    #expect(added.hasCover)
    #expect(try library.book(contentHash: "abc") == added)
    #expect(try library.book(path: "/books/war.epub") == added)
    #expect(try library.book(id: added.id) == added)
    #expect(try library.book(contentHash: "nope") == nil)
    #expect(try library.metadata(ofBook: added.id) == metadata)
    #expect(try library.cover(ofBook: added.id) == Data([1, 2, 3]))
  }

  @Test func addsAnImportedBookFromItsProperties() throws {
    let library = try Library(path: folder.libraryPath)
    let book = Book(
      path: "/books/alice.txt", format: .txt(encoding: "GB18030"),
      metadata: Sample.metadata("爱丽丝梦游仙境", authors: ["Lewis Carroll"], language: "zh-Hans"),
      chapters: [
        Chapter(title: "一", estimatedLength: 1_200), Chapter(title: "二", estimatedLength: 800),
      ],
      toc: [], warnings: [], contentHash: "feed", content: NoContent())
    let added = try library.add(book)
    #expect(added.path == "/books/alice.txt")
    #expect(added.contentHash == "feed")
    #expect(added.format == "TXT (GB18030)")
    #expect(added.title == "爱丽丝梦游仙境")
    #expect(added.language == "zh-Hans")
    #expect(added.characters == 2_000)
    #expect(try library.metadata(ofBook: added.id) == book.metadata)
  }

  @Test func addingTheSameContentAgainUpdatesTheEntry() throws {
    let library = try Library(path: folder.libraryPath)
    let first = try Sample.addBook(library, "Emma")
    try library.savePosition(Locator(chapterIndex: 2, offset: 40), forBook: first.id)
    let again = try library.addBook(
      path: "/elsewhere/emma.epub", contentHash: first.contentHash, format: "EPUB 2.0",
      metadata: Sample.metadata("Emma (revised)"), characters: 5)
    #expect(again.id == first.id)
    #expect(again.addedAt == first.addedAt)
    #expect(again.path == "/elsewhere/emma.epub")
    #expect(again.title == "Emma (revised)")
    #expect(try library.books().count == 1)
    #expect(try library.currentPosition(ofBook: first.id)?.locator.offset == 40)
  }

  @Test func findsAMovedBookByItsContent() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Persuasion")
    let same = try library.book(forPath: book.path, contentHash: book.contentHash)
    #expect(same == .known(book))

    let moved = try library.book(forPath: "/new/place.epub", contentHash: book.contentHash)
    guard case .moved(let found, let previous) = moved else {
      Issue.record("expected .moved, got \(moved)")
      return
    }
    #expect(found.id == book.id)
    #expect(previous == book.path)
    #expect(try library.book(id: book.id)?.path == "/new/place.epub")

    let changed = try library.book(forPath: "/new/place.epub", contentHash: "edited")
    #expect(changed.book?.id == book.id)
    if case .changed(_, let hash) = changed {
      #expect(hash == "edited")
    } else {
      Issue.record("expected .changed, got \(changed)")
    }
    #expect(try library.book(forPath: "/unknown", contentHash: "unknown") == .notFound)

    try library.relocate(book.id, to: "/third.epub")
    #expect(try library.book(path: "/third.epub")?.id == book.id)
  }

  @Test func sortsByRecentTitleAndProgress() throws {
    let library = try Library(path: folder.libraryPath)
    let emma = try Sample.addBook(library, "emma", at: Date(timeIntervalSince1970: 100))
    let bleak = try Sample.addBook(library, "Bleak House", at: Date(timeIntervalSince1970: 200))
    let cranford = try Sample.addBook(library, "Cranford", at: Date(timeIntervalSince1970: 300))
    let dracula = try Sample.addBook(library, "Dracula", at: Date(timeIntervalSince1970: 400))
    try library.markOpened(emma.id, at: Date(timeIntervalSince1970: 1_000))
    try library.savePosition(
      Locator(chapterIndex: 1, offset: 0, totalProgression: 0.2), forBook: emma.id)
    try library.savePosition(
      Locator(chapterIndex: 9, offset: 0, totalProgression: 0.9), forBook: cranford.id)
    try library.savePosition(Locator(chapterIndex: 0, offset: 5), forBook: dracula.id)

    #expect(
      try library.books(sortedBy: .recent).map(\.title)
        == ["emma", "Dracula", "Cranford", "Bleak House"])
    #expect(
      try library.books(sortedBy: .title).map(\.title)
        == ["Bleak House", "Cranford", "Dracula", "emma"])
    // Furthest first; books without a known progression last, by title.
    #expect(
      try library.books(sortedBy: .progress).map(\.title)
        == ["Cranford", "emma", "Bleak House", "Dracula"])
    #expect(try library.book(id: cranford.id)?.progression == 0.9)
    #expect(try library.book(id: bleak.id)?.progression == nil)
  }

  @Test func removingABookCascadesToEverythingAboutIt() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Middlemarch")
    let other = try Sample.addBook(library, "Other")
    for id in [book.id, other.id] {
      try library.savePosition(Locator(chapterIndex: 1, offset: 2), forBook: id)
      try library.addBookmark(at: Locator(chapterIndex: 1, offset: 2), inBook: id)
      try library.addHighlight(
        from: Locator(chapterIndex: 1, offset: 2), to: Locator(chapterIndex: 1, offset: 9),
        inBook: id)
      try library.recordSession(
        bookID: id, startedAt: Date(timeIntervalSince1970: 0),
        endedAt: Date(timeIntervalSince1970: 60), charactersRead: 900, pagesTurned: 3)
    }
    let key = PaginationKey(contentHash: book.contentHash, settingsHash: "s", engineVersion: 1)
    try library.storePageBreaks([0, 100], chapter: 0, for: key)

    #expect(try library.removeBook(book.id))
    #expect(try !library.removeBook(book.id))
    for table in ["books", "positions", "position_history", "bookmarks", "highlights"] {
      #expect(try Sample.count(library, table) == 1, "\(table)")
    }
    #expect(try Sample.count(library, "reading_sessions") == 1)
    #expect(try library.pageBreaks(for: key).isEmpty)
    #expect(try library.bookmarks(inBook: other.id).count == 1)
  }

  @Test func unknownIdsAreNotFoundErrors() throws {
    let library = try Library(path: folder.libraryPath)
    let error = #expect(throws: LibraryError.self) {
      try library.savePosition(Locator(chapterIndex: 0), forBook: 42)
    }
    #expect(error?.code == .notFound)
    #expect(error?.path == folder.libraryPath)
    #expect(throws: LibraryError.self) { try library.markOpened(42) }
    #expect(throws: LibraryError.self) {
      try library.addBookmark(at: .init(chapterIndex: 0), inBook: 42)
    }
    #expect(try library.book(id: 42) == nil)
  }
}

/// Chapter texts are never read by the library: `add(_:)` uses only the book's properties.
private struct NoContent: BookContent {
  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    Issue.record("the library read chapter \(index)")
    return .empty
  }

  func resource(at href: String) throws -> Data { Data() }
}
