import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// A library made by an earlier Quire opens with what it held intact, shown as before.
@Suite struct LibrarySchemaTests {
  let folder = ScratchFolder()

  /// A schema-1 library (no styles, no modification times) with one book, a highlight
  /// with a note and a bookmark with a note, as Quire wrote them before migration 2.
  func versionOneLibrary() throws {
    let database = try Database(path: folder.libraryPath)
    try LibrarySchema.migrate(database, migrations: [LibrarySchema.migrations[0]], marking: true)
    try database.executeScript(
      """
      INSERT INTO books (id, path, content_hash, format, title, authors, characters, added_at,
                         metadata)
      VALUES (1, '/books/emma.epub', 'emma', 'EPUB 3.0', 'Emma', '["Jane Austen"]', 1000, 10,
              '{}');
      INSERT INTO highlights (book_id, start_chapter, start_offset, start_text_after,
                              end_chapter, end_offset, colour, note, created_at)
      VALUES (1, 2, 10, 'Emma Woodhouse', 2, 40, 'green', 'the heroine', 1700000000.25);
      INSERT INTO bookmarks (book_id, chapter, offset, note, created_at)
      VALUES (1, 3, 0, 'a page note, written before notes had passages', 1700000100);
      """)
  }

  @Test func migrationTwoKeepsHighlightsAndPageNotesAsTheyWere() throws {
    try versionOneLibrary()
    let library = try Library(path: folder.libraryPath)
    #expect(try library.schemaVersion() == LibrarySchema.version)
    let highlight = try #require(try library.highlights(inBook: 1).first)
    #expect(highlight.colour == .green && highlight.style == .background)
    #expect(highlight.note == "the heroine")
    #expect(highlight.start.offset == 10 && highlight.end.offset == 40)
    #expect(highlight.start.textAfter == "Emma Woodhouse")
    #expect(highlight.modifiedAt == highlight.createdAt)
    #expect(highlight.createdAt == Date(timeIntervalSince1970: 1_700_000_000.25))
    #expect(!highlight.isUnplaced)
    // A note written on a page stays on its bookmark, where the reader left it.
    let bookmark = try #require(try library.bookmarks(inBook: 1).first)
    #expect(bookmark.note == "a page note, written before notes had passages")
    #expect(bookmark.locator.chapterIndex == 3)
    #expect(bookmark.modifiedAt == bookmark.createdAt)
    #expect(try library.integrityCheck() == "ok")
  }

  @Test func aMigratedLibraryTakesTheNewColumns() throws {
    try versionOneLibrary()
    let library = try Library(path: folder.libraryPath)
    let old = try #require(try library.highlights(inBook: 1).first)
    try library.updateHighlight(
      old.id, style: .underline, at: Date(timeIntervalSince1970: 1_800_000_000))
    let changed = try #require(try library.highlights(inBook: 1).first)
    #expect(changed.style == .underline)
    #expect(changed.modifiedAt == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(changed.createdAt == old.createdAt)
  }
}
