import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// The look-up history: what a reader looked up, where, and whether a dictionary knew it.
@Suite struct LibraryLookupsTests {
  let folder = ScratchFolder()
  let day = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func recordsLookUpsInOrderWithTheirBook() throws {
    let library = try Library(path: folder.libraryPath)
    let emma = try Sample.addBook(library, "Emma")
    let place = Locator(chapterIndex: 3, offset: 120, totalProgression: 0.25, textBefore: "a ")
    let first = try library.recordLookup(
      LookupRecord(
        word: "Running", form: "run", dictionaries: ["gcide", "wn"], language: "en",
        bookID: emma.id, locator: place, context: "She was running late.", date: day))
    try library.recordLookup(
      LookupRecord(word: "xyzzy", form: nil, dictionaries: [], date: day + 60))
    #expect(first.bookTitle == "Emma" && first.id > 0)
    let history = try library.lookupHistory()
    #expect(history.map(\.word) == ["Running", "xyzzy"])
    #expect(history[0] == first)
    #expect(history[0].locator == place && history[0].dictionaries == ["gcide", "wn"])
    #expect(!history[1].isFound && history[1].bookID == nil && history[1].locator == nil)
    #expect(try library.lookupHistory(bookID: emma.id).map(\.word) == ["Running"])
  }

  /// Removing the book keeps its look-ups, with the title they were made under.
  @Test func historyOutlivesTheBook() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Dracula")
    try library.recordLookup(
      LookupRecord(word: "nosferatu", form: nil, dictionaries: [], bookID: book.id, date: day))
    try library.removeBook(book.id)
    let record = try #require(try library.lookupHistory().first)
    #expect(record.bookID == nil && record.bookTitle == "Dracula")
  }

  /// A library made before the history gains it, its books kept.
  @Test func aLibraryOfSchemaOneGainsTheHistory() throws {
    do {
      let database = try Database(path: folder.libraryPath)
      try LibrarySchema.migrate(database, migrations: [LibrarySchema.migrations[0]], marking: true)
      try database.execute(
        """
        INSERT INTO books (path, content_hash, format, title, authors, characters, added_at,
                           metadata)
        VALUES ('/b/emma.txt', 'h', 'TXT', 'Emma', 'Austen', 10, 0, '{}')
        """)
    }
    let library = try Library(path: folder.libraryPath)
    #expect(try library.schemaVersion() == LibrarySchema.version)
    let emma = try #require(try library.books().first)
    let record = try library.recordLookup(
      LookupRecord(word: "amiable", form: "amiable", dictionaries: ["wn"], bookID: emma.id))
    #expect(record.bookTitle == "Emma")
  }

  @Test func unknownBookAndLongSelectionsAreHandled() throws {
    let library = try Library(path: folder.libraryPath)
    #expect(throws: LibraryError.self) {
      try library.recordLookup(LookupRecord(word: "a", form: nil, dictionaries: [], bookID: 99))
    }
    let long = String(repeating: "word ", count: 1_000)
    let record = try library.recordLookup(
      LookupRecord(word: long, form: nil, dictionaries: [], context: long))
    #expect(record.word.count == Library.maximumLookupLength)
    #expect(try library.lookupHistory().first?.context?.count == Library.maximumLookupLength)
    #expect(try library.clearLookupHistory() == 1)
    #expect(try library.lookupHistory().isEmpty)
  }
}
