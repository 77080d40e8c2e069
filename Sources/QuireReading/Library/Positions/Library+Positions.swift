public import Foundation
public import QuireBook

extension Library {
  /// How many history rows each book keeps; older ones are dropped as new ones come.
  public static let positionHistoryLimit = 500

  /// Saves the book's current position and appends it to the position history.
  ///
  /// One transaction: after a crash the current position is either this one or the one
  /// before, never a mix.
  ///
  /// - Parameter bookCharacters: the book's length as the reader knows it now (chapter
  ///   texts loaded so far are exact, the rest estimated), stored with the book when it
  ///   differs, so that the library's figures follow what was actually read.
  /// - Throws: `LibraryError.Code.notFound` when no book has this id.
  public func savePosition(
    _ locator: Locator, forBook id: Int, at date: Date = Date(), bookCharacters: Int? = nil
  ) throws {
    let time = date.timeIntervalSince1970
    let values: [any SQLiteBindable] = [id] + locator.columnValues + [time]
    try write { database in
      try database.execute(
        """
        INSERT INTO positions (book_id, chapter, offset, progression, text_before, text_after,
                               saved_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (book_id) DO UPDATE SET
          chapter = excluded.chapter, offset = excluded.offset,
          progression = excluded.progression, text_before = excluded.text_before,
          text_after = excluded.text_after, saved_at = excluded.saved_at
        """, arguments: values)
      try database.execute(
        """
        INSERT INTO position_history (book_id, chapter, offset, progression, text_before,
                                      text_after, saved_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """, arguments: values)
      try database.execute(
        """
        DELETE FROM position_history WHERE book_id = ? AND id <= (
          SELECT id FROM position_history WHERE book_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)
        """, id, id, Self.positionHistoryLimit)
      if let bookCharacters {
        try database.execute(
          "UPDATE books SET characters = ?1 WHERE id = ?2 AND characters != ?1",
          bookCharacters, id)
      }
    }
  }

  /// The book's current position, or nil if none was saved.
  public func currentPosition(ofBook id: Int) throws -> SavedPosition? {
    try withDatabase { database in
      try database.queryFirst(
        """
        SELECT chapter, offset, progression, text_before, text_after, saved_at
        FROM positions WHERE book_id = ?
        """, id
      ) { SavedPosition(locator: Locator(row: $0, at: 0), savedAt: Self.date($0, 5)) }
    }
  }

  /// The book's saved positions, newest first (at most `limit`).
  public func positionHistory(ofBook id: Int, limit: Int = 100) throws -> [SavedPosition] {
    try withDatabase { database in
      try database.query(
        """
        SELECT chapter, offset, progression, text_before, text_after, saved_at
        FROM position_history WHERE book_id = ? ORDER BY id DESC LIMIT ?
        """, id, limit
      ) { SavedPosition(locator: Locator(row: $0, at: 0), savedAt: Self.date($0, 5)) }
    }
  }

  /// `date` as it reads back from the database (seconds since 1970 in a `Double`), so a
  /// value returned by an add call equals the one a later query returns.
  static func stored(_ date: Date) -> Date {
    Date(timeIntervalSince1970: date.timeIntervalSince1970)
  }

  /// Reads a time stored as seconds since 1970.
  static func date(_ row: Row, _ column: Int32) -> Date {
    Date(timeIntervalSince1970: row.double(column))
  }
}
