public import Foundation

/// Totals over reading sessions: for one book or the whole library.
public struct ReadingStatistics: Hashable, Sendable {
  public var sessions: Int
  /// Seconds spent reading.
  public var timeRead: TimeInterval
  public var pagesTurned: Int
  /// UTF-16 units read.
  public var charactersRead: Int
  /// Calendar days (in the time zone asked for) on which a session started.
  public var distinctDays: Int
  /// Books with at least one session.
  public var books: Int

  /// Creates statistics.
  public init(
    sessions: Int = 0, timeRead: TimeInterval = 0, pagesTurned: Int = 0, charactersRead: Int = 0,
    distinctDays: Int = 0, books: Int = 0
  ) {
    self.sessions = sessions
    self.timeRead = timeRead
    self.pagesTurned = pagesTurned
    self.charactersRead = charactersRead
    self.distinctDays = distinctDays
    self.books = books
  }

  /// Reading speed in characters a minute; nil before any time was read.
  public var charactersPerMinute: Double? {
    timeRead > 0 ? Double(charactersRead) / (timeRead / 60) : nil
  }
}
