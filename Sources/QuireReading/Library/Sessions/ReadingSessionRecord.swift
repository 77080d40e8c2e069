public import Foundation

/// One stretch of reading a book, as the library stored it.
public struct ReadingSessionRecord: Hashable, Sendable, Identifiable {
  public var id: Int
  public var bookID: Int
  public var startedAt: Date
  public var endedAt: Date
  /// UTF-16 units of text read (pages that counted as plausible reading).
  public var charactersRead: Int
  public var pagesTurned: Int

  /// Creates a session record (the library assigns ids; see `Library.recordSession`).
  public init(
    id: Int, bookID: Int, startedAt: Date, endedAt: Date, charactersRead: Int, pagesTurned: Int
  ) {
    self.id = id
    self.bookID = bookID
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.charactersRead = charactersRead
    self.pagesTurned = pagesTurned
  }

  /// How long the session lasted, in seconds.
  public var duration: TimeInterval { endedAt.timeIntervalSince(startedAt) }
}
