public import Foundation

/// Totals over reading sessions: for one book or the whole library.
public struct ReadingStatistics: Hashable, Sendable {
  public var sessions: Int
  /// Seconds spent reading: the pages that were reading (neither flipped past nor left
  /// while away, panels taken out), or the wall time of sessions recorded before pages
  /// were timed.
  public var timeRead: TimeInterval
  /// Pages read (pages turned, in sessions recorded before pages were timed).
  public var pagesRead: Int
  /// UTF-16 units read.
  public var charactersRead: Int
  /// Calendar days (in the time zone asked for) on which a session started.
  public var distinctDays: Int
  /// Books with at least one session.
  public var books: Int
  /// The characters and seconds of the pages that count towards speed.
  public var speedCharacters: Int
  public var speedSeconds: TimeInterval

  /// Creates statistics.
  public init(
    sessions: Int = 0, timeRead: TimeInterval = 0, pagesRead: Int = 0, charactersRead: Int = 0,
    distinctDays: Int = 0, books: Int = 0, speedCharacters: Int = 0,
    speedSeconds: TimeInterval = 0
  ) {
    self.sessions = sessions
    self.timeRead = timeRead
    self.pagesRead = pagesRead
    self.charactersRead = charactersRead
    self.distinctDays = distinctDays
    self.books = books
    self.speedCharacters = speedCharacters
    self.speedSeconds = speedSeconds
  }

  /// Reading speed in characters a minute, from the pages that count towards it; nil
  /// before any did.
  public var charactersPerMinute: Double? {
    speedSeconds > 0 && speedCharacters > 0
      ? Double(speedCharacters) / (speedSeconds / 60) : nil
  }
}
