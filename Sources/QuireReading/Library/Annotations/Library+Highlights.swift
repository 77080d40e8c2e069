public import Foundation
public import QuireBook

extension Library {
  /// Adds a highlight from `start` to `end`.
  ///
  /// - Throws: `LibraryError.Code.invalidValue` when `end` comes before `start`;
  ///   `notFound` when no book has this id.
  @discardableResult
  public func addHighlight(
    from start: Locator, to end: Locator, inBook bookID: Int, colour: Highlight.Colour = .yellow,
    note: String? = nil, at date: Date = Date()
  ) throws -> Highlight {
    guard start <= end else {
      throw LibraryError(.invalidValue, path: path, "a highlight cannot end before it starts")
    }
    let highlight = Highlight(
      id: 0, bookID: bookID, start: start, end: end, colour: colour, note: note, createdAt: date)
    let id = try write { try Self.insertHighlight($0, highlight) }
    var added = highlight
    added.id = id
    added.createdAt = Self.stored(date)
    return added
  }

  /// The book's highlights in reading order of their starts.
  public func highlights(inBook bookID: Int) throws -> [Highlight] {
    try withDatabase { database in
      try database.query(
        """
        SELECT id, book_id,
               start_chapter, start_offset, start_progression, start_text_before,
               start_text_after,
               end_chapter, end_offset, end_progression, end_text_before, end_text_after,
               colour, note, created_at
        FROM highlights WHERE book_id = ? ORDER BY start_chapter, start_offset, id
        """, bookID
      ) {
        Highlight(
          id: $0.int(0), bookID: $0.int(1), start: Locator(row: $0, at: 2),
          end: Locator(row: $0, at: 7),
          colour: Highlight.Colour(rawValue: $0.string(12)) ?? .yellow,
          note: $0.optionalString(13), createdAt: Self.date($0, 14))
      }
    }
  }

  /// Changes (or with nil, clears) a highlight's note.
  public func updateHighlight(_ id: Int, note: String?) throws {
    try write { database in
      try database.execute("UPDATE highlights SET note = ? WHERE id = ?", note, id)
      try requireRow(database, "highlight", id)
    }
  }

  /// Changes a highlight's colour.
  public func updateHighlight(_ id: Int, colour: Highlight.Colour) throws {
    try write { database in
      try database.execute("UPDATE highlights SET colour = ? WHERE id = ?", colour.rawValue, id)
      try requireRow(database, "highlight", id)
    }
  }

  /// Removes a highlight; returns false when there was none with this id.
  @discardableResult
  public func removeHighlight(_ id: Int) throws -> Bool {
    try write { database in
      try database.execute("DELETE FROM highlights WHERE id = ?", id)
      return database.changes > 0
    }
  }

  static func insertHighlight(_ database: Database, _ highlight: Highlight) throws -> Int {
    try database.execute(
      """
      INSERT INTO highlights (book_id,
        start_chapter, start_offset, start_progression, start_text_before, start_text_after,
        end_chapter, end_offset, end_progression, end_text_before, end_text_after,
        colour, note, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      arguments: [highlight.bookID] + highlight.start.columnValues + highlight.end.columnValues
        + [highlight.colour.rawValue, highlight.note, highlight.createdAt.timeIntervalSince1970])
    return database.lastInsertRowID
  }
}
