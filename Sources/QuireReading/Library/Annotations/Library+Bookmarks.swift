public import Foundation
public import QuireBook

extension Library {
  /// Adds a bookmark at `locator`.
  ///
  /// - Throws: `LibraryError.Code.notFound` when no book has this id.
  @discardableResult
  public func addBookmark(
    at locator: Locator, inBook bookID: Int, note: String? = nil, at date: Date = Date()
  ) throws -> Bookmark {
    let time = Self.annotationTime(date)
    let id = try write { database in
      try Self.insertBookmark(
        database, bookID: bookID, locator: locator, note: note, createdAt: time)
    }
    return Bookmark(id: id, bookID: bookID, locator: locator, note: note, createdAt: time)
  }

  /// The book's bookmarks in reading order.
  public func bookmarks(inBook bookID: Int) throws -> [Bookmark] {
    try withDatabase { database in
      try database.query(
        """
        SELECT id, book_id, chapter, offset, progression, text_before, text_after, note,
               created_at, COALESCE(modified_at, created_at)
        FROM bookmarks WHERE book_id = ? ORDER BY chapter, offset, id
        """, bookID
      ) {
        Bookmark(
          id: $0.int(0), bookID: $0.int(1), locator: Locator(row: $0, at: 2),
          note: $0.optionalString(7), createdAt: Self.date($0, 8),
          modifiedAt: Self.date($0, 9))
      }
    }
  }

  /// Changes (or with nil, clears) a bookmark's note, at `date`.
  public func updateBookmark(_ id: Int, note: String?, at date: Date = Date()) throws {
    try write { database in
      try database.execute(
        "UPDATE bookmarks SET note = ?, modified_at = ? WHERE id = ?", note,
        Self.annotationTime(date).timeIntervalSince1970, id)
      try requireRow(database, "bookmark", id)
    }
  }

  /// Removes a bookmark; returns false when there was none with this id.
  @discardableResult
  public func removeBookmark(_ id: Int) throws -> Bool {
    try write { database in
      try database.execute("DELETE FROM bookmarks WHERE id = ?", id)
      return database.changes > 0
    }
  }

  /// Puts back a bookmark that was removed, as it was (its id, note and times), for an
  /// undo; when its id has been taken since, it comes back under a new one.
  ///
  /// - Returns: the bookmark as stored.
  @discardableResult
  public func restoreBookmark(_ bookmark: Bookmark) throws -> Bookmark {
    try write { database in
      let taken =
        try database.queryFirst("SELECT 1 FROM bookmarks WHERE id = ?", bookmark.id) { _ in
          true
        } ?? false
      try database.execute(
        """
        INSERT INTO bookmarks (id, book_id, chapter, offset, progression, text_before,
                               text_after, note, created_at, modified_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        arguments: [taken ? nil : bookmark.id, bookmark.bookID] + bookmark.locator.columnValues
          + [
            bookmark.note, Self.annotationTime(bookmark.createdAt).timeIntervalSince1970,
            Self.annotationTime(bookmark.modifiedAt).timeIntervalSince1970,
          ])
      var restored = bookmark
      restored.id = database.lastInsertRowID
      restored.createdAt = Self.annotationTime(bookmark.createdAt)
      restored.modifiedAt = Self.annotationTime(bookmark.modifiedAt)
      return restored
    }
  }

  static func insertBookmark(
    _ database: Database, bookID: Int, locator: Locator, note: String?, createdAt: Date,
    modifiedAt: Date? = nil
  ) throws -> Int {
    try database.execute(
      """
      INSERT INTO bookmarks (book_id, chapter, offset, progression, text_before, text_after,
                             note, created_at, modified_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      arguments: [bookID] + locator.columnValues
        + [
          note, createdAt.timeIntervalSince1970,
          (modifiedAt ?? createdAt).timeIntervalSince1970,
        ])
    return database.lastInsertRowID
  }

  /// Throws `notFound` naming the kind of row when the last UPDATE changed nothing.
  func requireRow(_ database: Database, _ kind: String, _ id: Int) throws {
    if database.changes == 0 {
      throw LibraryError(.notFound, path: path, "there is no \(kind) with id \(id)")
    }
  }
}
