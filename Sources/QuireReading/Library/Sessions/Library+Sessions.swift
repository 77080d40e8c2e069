public import Foundation

extension Library {
  /// Records a finished reading session.
  ///
  /// - Throws: `LibraryError.Code.invalidValue` for an end before the start or negative
  ///   counts; `notFound` when no book has this id.
  @discardableResult
  public func recordSession(
    bookID: Int, startedAt: Date, endedAt: Date, charactersRead: Int, pagesTurned: Int
  ) throws -> ReadingSessionRecord {
    guard endedAt >= startedAt, charactersRead >= 0, pagesTurned >= 0 else {
      throw LibraryError(
        .invalidValue, path: path,
        "a reading session needs an end after its start and counts of zero or more")
    }
    let id = try write { database in
      try database.execute(
        """
        INSERT INTO reading_sessions (book_id, started_at, ended_at, characters_read,
                                      pages_turned)
        VALUES (?, ?, ?, ?, ?)
        """, bookID, startedAt.timeIntervalSince1970, endedAt.timeIntervalSince1970,
        charactersRead, pagesTurned)
      return database.lastInsertRowID
    }
    return ReadingSessionRecord(
      id: id, bookID: bookID, startedAt: Self.stored(startedAt), endedAt: Self.stored(endedAt),
      charactersRead: charactersRead, pagesTurned: pagesTurned)
  }

  /// Extends a reading session recorded earlier: a reader writes its session as it goes,
  /// so that a killed reader keeps what it read up to the last update.
  ///
  /// - Throws: `LibraryError.Code.invalidValue` for an end before the start or negative
  ///   counts; `notFound` when no session has this id.
  public func updateSession(
    _ id: Int, endedAt: Date, charactersRead: Int, pagesTurned: Int
  ) throws {
    guard charactersRead >= 0, pagesTurned >= 0 else {
      throw LibraryError(
        .invalidValue, path: path, "a reading session needs counts of zero or more")
    }
    try write { database in
      try database.execute(
        """
        UPDATE reading_sessions SET ended_at = max(started_at, ?), characters_read = ?,
          pages_turned = ?
        WHERE id = ?
        """, endedAt.timeIntervalSince1970, charactersRead, pagesTurned, id)
      if database.changes == 0 {
        throw LibraryError(.notFound, path: path, "there is no reading session with id \(id)")
      }
    }
  }

  /// Reading sessions, oldest first: of one book, or of all books when `bookID` is nil.
  public func readingSessions(ofBook bookID: Int? = nil) throws -> [ReadingSessionRecord] {
    try withDatabase { database in
      try database.query(
        """
        SELECT id, book_id, started_at, ended_at, characters_read, pages_turned
        FROM reading_sessions WHERE ?1 IS NULL OR book_id = ?1 ORDER BY started_at, id
        """, bookID
      ) {
        ReadingSessionRecord(
          id: $0.int(0), bookID: $0.int(1), startedAt: Self.date($0, 2),
          endedAt: Self.date($0, 3), charactersRead: $0.int(4), pagesTurned: $0.int(5))
      }
    }
  }

  /// Totals over the sessions of one book, or of all books when `bookID` is nil.
  ///
  /// A day counts when a session started on it in `timeZone` (a session across midnight
  /// counts for the day it started).
  public func statistics(ofBook bookID: Int? = nil, timeZone: TimeZone = .current) throws
    -> ReadingStatistics
  {
    try withDatabase { database in
      var statistics =
        try database.queryFirst(
          """
          SELECT count(*), total(ended_at - started_at), total(pages_turned),
                 total(characters_read), count(DISTINCT book_id)
          FROM reading_sessions WHERE ?1 IS NULL OR book_id = ?1
          """, bookID
        ) {
          ReadingStatistics(
            sessions: $0.int(0), timeRead: $0.double(1), pagesTurned: $0.int(2),
            charactersRead: $0.int(3), books: $0.int(4))
        } ?? ReadingStatistics()
      let starts = try database.query(
        "SELECT started_at FROM reading_sessions WHERE ?1 IS NULL OR book_id = ?1", bookID
      ) { $0.double(0) }
      let days = starts.map { start in
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: start))
        return Int(((start + Double(offset)) / 86_400).rounded(.down))
      }
      statistics.distinctDays = Set(days).count
      return statistics
    }
  }
}
