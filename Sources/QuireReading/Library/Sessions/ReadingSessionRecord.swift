public import Foundation

/// One stretch of reading a book, as the library stored it.
public struct ReadingSessionRecord: Hashable, Sendable, Identifiable {
  public var id: Int
  public var bookID: Int
  public var startedAt: Date
  public var endedAt: Date
  /// UTF-16 units of text read (pages that counted towards speed).
  public var charactersRead: Int
  public var pagesTurned: Int
  /// What counted in the stretch: nil for a session recorded before Quire timed pages
  /// (its time is then its wall time and it teaches no speed).
  public var timing: ReadingTiming?

  /// Creates a session record (the library assigns ids; see `Library.recordSession`).
  public init(
    id: Int, bookID: Int, startedAt: Date, endedAt: Date, charactersRead: Int, pagesTurned: Int,
    timing: ReadingTiming? = nil
  ) {
    self.id = id
    self.bookID = bookID
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.charactersRead = charactersRead
    self.pagesTurned = pagesTurned
    self.timing = timing
  }

  /// How long the session lasted, in seconds.
  public var duration: TimeInterval { endedAt.timeIntervalSince(startedAt) }

  /// Seconds spent reading: the pages that were reading, or the wall time of a session
  /// recorded before pages were timed.
  public var timeRead: TimeInterval { timing?.timeRead ?? duration }

  /// Pages read: the pages that were reading, or the pages turned in an older session.
  public var pagesRead: Int { timing?.pagesRead ?? pagesTurned }
}

/// What counted in a stretch of reading, beyond its characters and turns
/// (`ReadingSpeedEstimator`'s rules): the seconds of the pages that counted towards
/// speed, the seconds and pages that were reading at all, and the script read.
public struct ReadingTiming: Hashable, Sendable {
  /// Seconds of the pages whose characters count towards speed (`charactersRead`).
  public var speedSeconds: TimeInterval
  /// Seconds of every page that was reading (not flipped past, not left while away),
  /// time under panels and popups taken out.
  public var timeRead: TimeInterval
  /// Pages that were reading.
  public var pagesRead: Int
  public var script: ReadingScript

  /// Creates a timing.
  public init(
    speedSeconds: TimeInterval, timeRead: TimeInterval, pagesRead: Int, script: ReadingScript
  ) {
    self.speedSeconds = speedSeconds
    self.timeRead = timeRead
    self.pagesRead = pagesRead
    self.script = script
  }
}
