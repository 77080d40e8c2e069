public import Foundation

extension Library {
  /// Records a finished reading session.
  ///
  /// - Parameter timing: what counted (`ReadingSpeedEstimator`'s rules); nil stores a
  ///   session that teaches no speed and whose time is its wall time.
  /// - Throws: `LibraryError.Code.invalidValue` for an end before the start or negative
  ///   counts; `notFound` when no book has this id.
  @discardableResult
  public func recordSession(
    bookID: Int, startedAt: Date, endedAt: Date, charactersRead: Int, pagesTurned: Int,
    timing: ReadingTiming? = nil
  ) throws -> ReadingSessionRecord {
    guard endedAt >= startedAt, charactersRead >= 0, pagesTurned >= 0, Self.isValid(timing)
    else {
      throw LibraryError(
        .invalidValue, path: path,
        "a reading session needs an end after its start and counts of zero or more")
    }
    let id = try write { database in
      try database.execute(
        """
        INSERT INTO reading_sessions (book_id, started_at, ended_at, characters_read,
                                      pages_turned, reading_seconds, time_read, pages_read,
                                      script)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """, bookID, startedAt.timeIntervalSince1970, endedAt.timeIntervalSince1970,
        charactersRead, pagesTurned, timing?.speedSeconds, timing?.timeRead, timing?.pagesRead,
        timing?.script.rawValue)
      return database.lastInsertRowID
    }
    return ReadingSessionRecord(
      id: id, bookID: bookID, startedAt: Self.stored(startedAt), endedAt: Self.stored(endedAt),
      charactersRead: charactersRead, pagesTurned: pagesTurned, timing: timing)
  }

  /// Extends a reading session recorded earlier: a reader writes its session as it goes,
  /// so that a killed reader keeps what it read up to the last update.
  ///
  /// - Throws: `LibraryError.Code.invalidValue` for an end before the start or negative
  ///   counts; `notFound` when no session has this id.
  public func updateSession(
    _ id: Int, endedAt: Date, charactersRead: Int, pagesTurned: Int, timing: ReadingTiming? = nil
  ) throws {
    guard charactersRead >= 0, pagesTurned >= 0, Self.isValid(timing) else {
      throw LibraryError(
        .invalidValue, path: path, "a reading session needs counts of zero or more")
    }
    try write { database in
      try database.execute(
        """
        UPDATE reading_sessions SET ended_at = max(started_at, ?), characters_read = ?,
          pages_turned = ?, reading_seconds = ?, time_read = ?, pages_read = ?, script = ?
        WHERE id = ?
        """, endedAt.timeIntervalSince1970, charactersRead, pagesTurned, timing?.speedSeconds,
        timing?.timeRead, timing?.pagesRead, timing?.script.rawValue, id)
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
        SELECT id, book_id, started_at, ended_at, characters_read, pages_turned,
               reading_seconds, time_read, pages_read, script
        FROM reading_sessions WHERE ?1 IS NULL OR book_id = ?1 ORDER BY started_at, id
        """, bookID
      ) { row in
        var timing: ReadingTiming?
        if let speedSeconds = row.optionalDouble(6) {
          timing = ReadingTiming(
            speedSeconds: speedSeconds, timeRead: row.optionalDouble(7) ?? 0,
            pagesRead: row.optionalInt(8) ?? 0,
            script: row.optionalString(9).flatMap(ReadingScript.init(rawValue:)) ?? .other)
        }
        return ReadingSessionRecord(
          id: row.int(0), bookID: row.int(1), startedAt: Self.date(row, 2),
          endedAt: Self.date(row, 3), charactersRead: row.int(4), pagesTurned: row.int(5),
          timing: timing)
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
          SELECT count(*), total(coalesce(time_read, ended_at - started_at)),
                 total(coalesce(pages_read, pages_turned)), total(characters_read),
                 count(DISTINCT book_id),
                 total(CASE WHEN reading_seconds IS NOT NULL THEN characters_read END),
                 total(reading_seconds)
          FROM reading_sessions WHERE ?1 IS NULL OR book_id = ?1
          """, bookID
        ) {
          ReadingStatistics(
            sessions: $0.int(0), timeRead: $0.double(1), pagesRead: $0.int(2),
            charactersRead: $0.int(3), books: $0.int(4), speedCharacters: $0.int(5),
            speedSeconds: $0.double(6))
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

  /// The reading that teaches speed: characters and seconds of the pages that counted,
  /// of one book, or of every book read in `script`, or both when both are given.
  ///
  /// Sessions recorded before pages were timed teach nothing.
  public func readingSpeed(ofBook bookID: Int? = nil, script: ReadingScript? = nil) throws
    -> ReadingSpeedSample
  {
    try withDatabase { database in
      try database.queryFirst(
        """
        SELECT total(characters_read), total(reading_seconds) FROM reading_sessions
        WHERE reading_seconds IS NOT NULL AND (?1 IS NULL OR book_id = ?1)
          AND (?2 IS NULL OR script = ?2)
        """, bookID, script?.rawValue
      ) { ReadingSpeedSample(characters: $0.double(0), seconds: $0.double(1)) }
        ?? ReadingSpeedSample(characters: 0, seconds: 0)
    }
  }

  private static func isValid(_ timing: ReadingTiming?) -> Bool {
    guard let timing else { return true }
    return timing.speedSeconds >= 0 && timing.timeRead >= 0 && timing.pagesRead >= 0
      && timing.speedSeconds.isFinite && timing.timeRead.isFinite
  }
}

/// Characters read in a number of seconds: what a speed is learned from.
public struct ReadingSpeedSample: Hashable, Sendable {
  public var characters: Double
  public var seconds: TimeInterval

  /// Creates a sample.
  public init(characters: Double, seconds: TimeInterval) {
    self.characters = characters
    self.seconds = seconds
  }

  /// Characters a minute; nil without reading.
  public var charactersPerMinute: Double? {
    seconds > 0 && characters > 0 ? characters / (seconds / 60) : nil
  }

  /// The sample weighed as at most `seconds` of reading, at the same speed: a prior that
  /// guides a new book without outweighing what the reader does in it.
  public func limited(to seconds: TimeInterval) -> ReadingSpeedSample {
    guard self.seconds > seconds, self.seconds > 0 else { return self }
    return ReadingSpeedSample(characters: characters * seconds / self.seconds, seconds: seconds)
  }
}

extension Library {
  /// The statistics (`StatisticsReport`) over every reading session.
  public func statisticsReport(
    now: Date, timeZone: TimeZone = .current, weeks: Int = StatisticsReport.defaultWeeks
  ) throws -> StatisticsReport {
    StatisticsReport(
      sessions: try readingSessions(), books: try books(sortedBy: .recent), now: now,
      timeZone: timeZone, weeks: weeks)
  }
}
