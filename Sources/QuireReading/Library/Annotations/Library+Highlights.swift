public import Foundation
public import QuireBook

extension Library {
  /// Highlights from `start` to `end` (not included), merged with the highlights of the
  /// same colour and style it overlaps.
  ///
  /// Overlapping highlights behave predictably: those of the same colour and style as the
  /// new one (sharing at least one character with it; touching ends are not enough) become
  /// one highlight spanning them all, made now and so drawn on top, keeping the earliest
  /// creation time and every note, in the order they were written, a blank line apart.
  /// Highlights of another colour or style are left as they are: they stack, the one made
  /// later on top (`Highlight.stackedAbove`), and removing one leaves the others.
  ///
  /// - Returns: the highlight the book now has for this passage.
  /// - Throws: `LibraryError.Code.invalidValue` when the passage is empty or `end` comes
  ///   before `start`; `notFound` when no book has this id.
  @discardableResult
  public func addHighlight(
    from start: Locator, to end: Locator, inBook bookID: Int, colour: Highlight.Colour = .yellow,
    style: Highlight.Style = .background, note: String? = nil, at date: Date = Date()
  ) throws -> Highlight {
    guard start < end else {
      throw LibraryError(
        .invalidValue, path: path,
        start == end
          ? "a highlight must cover at least one character"
          : "a highlight cannot end before it starts")
    }
    let time = Self.annotationTime(date)
    return try write { database in
      let merged = try Self.highlights(
        database,
        where: """
          book_id = ? AND colour = ? AND style = ? AND unplaced = 0
            AND (start_chapter, start_offset) < (?, ?) AND (?, ?) < (end_chapter, end_offset)
          """,
        [bookID, colour.rawValue, style.rawValue, end.chapterIndex, end.offset]
          + [start.chapterIndex, start.offset])
      var highlight = Highlight(
        id: 0, bookID: bookID, start: start, end: end, colour: colour, style: style,
        note: note, createdAt: time)
      for other in merged {
        if other.start < highlight.start { highlight.start = other.start }
        if highlight.end < other.end { highlight.end = other.end }
        highlight.createdAt = min(highlight.createdAt, other.createdAt)
        try database.execute("DELETE FROM highlights WHERE id = ?", other.id)
      }
      let written = merged.sorted { $0.id < $1.id }.map(\.note) + [note]
      let notes = written.compactMap { $0 }.filter { !$0.isEmpty }
      highlight.note = notes.isEmpty ? nil : notes.joined(separator: "\n\n")
      highlight.id = try Self.insertHighlight(database, highlight)
      return highlight
    }
  }

  /// The book's highlights in reading order of their starts (the earlier made first at
  /// one start).
  public func highlights(inBook bookID: Int) throws -> [Highlight] {
    try withDatabase { try Self.highlights($0, where: "book_id = ?", [bookID]) }
  }

  /// Changes (or with nil, clears) a highlight's note.
  public func updateHighlight(_ id: Int, note: String?, at date: Date = Date()) throws {
    try update(id, "note = ?", note, at: date)
  }

  /// Changes a highlight's colour (overlapping highlights are not merged by this).
  public func updateHighlight(_ id: Int, colour: Highlight.Colour, at date: Date = Date()) throws {
    try update(id, "colour = ?", colour.rawValue, at: date)
  }

  /// Changes a highlight's style (overlapping highlights are not merged by this).
  public func updateHighlight(_ id: Int, style: Highlight.Style, at date: Date = Date()) throws {
    try update(id, "style = ?", style.rawValue, at: date)
  }

  /// Removes a highlight; returns false when there was none with this id.
  @discardableResult
  public func removeHighlight(_ id: Int) throws -> Bool {
    try write { database in
      try database.execute("DELETE FROM highlights WHERE id = ?", id)
      return database.changes > 0
    }
  }

  /// Puts back a highlight that was removed, as it was (its id, times and note), for an
  /// undo; when its id has been taken since, it comes back under a new one.
  ///
  /// - Returns: the highlight as stored.
  @discardableResult
  public func restoreHighlight(_ highlight: Highlight) throws -> Highlight {
    try write { database in
      let taken =
        try database.queryFirst("SELECT 1 FROM highlights WHERE id = ?", highlight.id) { _ in
          true
        } ?? false
      var restored = highlight
      restored.createdAt = Self.annotationTime(highlight.createdAt)
      restored.modifiedAt = Self.annotationTime(highlight.modifiedAt)
      restored.id = try Self.insertHighlight(database, restored, keepingID: !taken)
      return restored
    }
  }

  private func update(_ id: Int, _ assignment: String, _ value: any SQLiteBindable, at date: Date)
    throws
  {
    try write { database in
      try database.execute(
        "UPDATE highlights SET \(assignment), modified_at = ? WHERE id = ?", value,
        Self.annotationTime(date).timeIntervalSince1970, id)
      try requireRow(database, "highlight", id)
    }
  }

  /// An annotation's time as stored: whole seconds, as an export writes it, so that a
  /// round trip through JSON gives back the very same times.
  static func annotationTime(_ date: Date) -> Date {
    Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
  }

  /// The columns a highlight is read from, in `highlight(from:)`'s order.
  private static let highlightColumns = """
    id, book_id,
    start_chapter, start_offset, start_progression, start_text_before, start_text_after,
    end_chapter, end_offset, end_progression, end_text_before, end_text_after,
    colour, style, note, created_at, COALESCE(modified_at, created_at), unplaced
    """

  /// The highlights matching a condition on the table, in reading order of their starts.
  static func highlights(
    _ database: Database, where condition: String, _ arguments: [any SQLiteBindable]
  ) throws -> [Highlight] {
    try database.query(
      """
      SELECT \(highlightColumns) FROM highlights WHERE \(condition)
      ORDER BY start_chapter, start_offset, id
      """, arguments
    ) {
      Highlight(
        id: $0.int(0), bookID: $0.int(1), start: Locator(row: $0, at: 2),
        end: Locator(row: $0, at: 7),
        colour: Highlight.Colour(rawValue: $0.string(12)) ?? .yellow,
        style: Highlight.Style(rawValue: $0.string(13)) ?? .background,
        note: $0.optionalString(14), createdAt: Self.date($0, 15),
        modifiedAt: Self.date($0, 16), isUnplaced: $0.bool(17))
    }
  }

  /// Inserts a highlight row; with `keepingID`, under the highlight's own id.
  static func insertHighlight(
    _ database: Database, _ highlight: Highlight, keepingID: Bool = false
  ) throws -> Int {
    try database.execute(
      """
      INSERT INTO highlights (id, book_id,
        start_chapter, start_offset, start_progression, start_text_before, start_text_after,
        end_chapter, end_offset, end_progression, end_text_before, end_text_after,
        colour, style, note, created_at, modified_at, unplaced)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      arguments: [keepingID ? highlight.id : nil, highlight.bookID]
        + highlight.start.columnValues + highlight.end.columnValues
        + [
          highlight.colour.rawValue, highlight.style.rawValue, highlight.note,
          highlight.createdAt.timeIntervalSince1970, highlight.modifiedAt.timeIntervalSince1970,
          highlight.isUnplaced,
        ])
    return database.lastInsertRowID
  }
}
