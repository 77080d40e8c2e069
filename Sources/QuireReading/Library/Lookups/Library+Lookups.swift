import Foundation
import QuireBook

extension Library {
  /// The longest word or context kept: a selection of a whole page is not a word.
  public static let maximumLookupLength = 1_000

  /// Adds a look-up to the history; the book's title is taken from the library.
  ///
  /// - Throws: `LibraryError` (`.notFound` when `record.bookID` names no book, `.readOnly`
  ///   for a library that cannot be written).
  @discardableResult
  public func recordLookup(_ record: LookupRecord) throws -> LookupRecord {
    var stored = record
    stored.word = String(record.word.prefix(Self.maximumLookupLength))
    stored.context = record.context.map { String($0.prefix(Self.maximumLookupLength)) }
    stored.date = Self.stored(record.date)
    let place: [any SQLiteBindable] =
      stored.locator?.columnValues ?? Array(repeating: Int?.none, count: 5)
    stored.id = try write { database in
      if let bookID = record.bookID {
        stored.bookTitle = try database.queryFirst(
          "SELECT title FROM books WHERE id = ?", bookID
        ) { $0.string(0) }
        if stored.bookTitle == nil {
          throw LibraryError(.notFound, path: path, "there is no book with id \(bookID)")
        }
      }
      try database.execute(
        """
        INSERT INTO lookups (word, form, dictionaries, language, book_id, book_title, chapter,
                             offset, progression, text_before, text_after, context, looked_up_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        arguments: [
          stored.word, stored.form, stored.dictionaries.joined(separator: "\n"), stored.language,
          stored.bookID, stored.bookTitle,
        ] + place + [stored.context, stored.date.timeIntervalSince1970])
      return database.lastInsertRowID
    }
    return stored
  }

  /// The history, oldest first: every look-up, or those made in one book.
  public func lookupHistory(bookID: Int? = nil) throws -> [LookupRecord] {
    let columns = """
      SELECT id, word, form, dictionaries, language, book_id, book_title, chapter, offset,
             progression, text_before, text_after, context, looked_up_at FROM lookups
      """
    return try withDatabase { database in
      if let bookID {
        return try database.query(
          columns + " WHERE book_id = ? ORDER BY looked_up_at, id", bookID, map: Self.lookup)
      }
      return try database.query(columns + " ORDER BY looked_up_at, id", map: Self.lookup)
    }
  }

  /// Removes the history (or one book's); returns how many look-ups went.
  @discardableResult
  public func clearLookupHistory(bookID: Int? = nil) throws -> Int {
    try write { database in
      if let bookID {
        try database.execute("DELETE FROM lookups WHERE book_id = ?", bookID)
      } else {
        try database.execute("DELETE FROM lookups")
      }
      return database.changes
    }
  }

  private static func lookup(_ row: Row) -> LookupRecord {
    let dictionaries = row.string(3)
    return LookupRecord(
      id: row.int(0), word: row.string(1), form: row.optionalString(2),
      dictionaries: dictionaries.isEmpty
        ? [] : dictionaries.split(separator: "\n").map(String.init),
      language: row.optionalString(4), bookID: row.optionalInt(5), bookTitle: row.optionalString(6),
      locator: row.isNull(7) ? nil : Locator(row: row, at: 7), context: row.optionalString(12),
      date: date(row, 13))
  }
}
