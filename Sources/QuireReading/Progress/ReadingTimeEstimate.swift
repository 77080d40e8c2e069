public import Foundation

/// How long the rest will take at the reader's speed, and when it will be done.
public struct ReadingTimeEstimate: Hashable, Sendable {
  public var charactersPerMinute: Double
  /// Seconds to the end of the chapter.
  public var chapterTimeLeft: TimeInterval
  /// Seconds to the end of the book.
  public var bookTimeLeft: TimeInterval
  /// When the chapter will be finished if the reader keeps reading.
  public var chapterDoneAt: Date
  /// When the book will be finished if the reader keeps reading.
  public var bookDoneAt: Date

  /// Creates an estimate.
  public init(
    charactersPerMinute: Double, chapterTimeLeft: TimeInterval, bookTimeLeft: TimeInterval,
    chapterDoneAt: Date, bookDoneAt: Date
  ) {
    self.charactersPerMinute = charactersPerMinute
    self.chapterTimeLeft = chapterTimeLeft
    self.bookTimeLeft = bookTimeLeft
    self.chapterDoneAt = chapterDoneAt
    self.bookDoneAt = bookDoneAt
  }

  /// "HH:MM" of `date` in `timeZone`, for "done at 22:40 if you keep reading".
  public static func clockTime(_ date: Date, timeZone: TimeZone = .current) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    let hour = parts.hour ?? 0
    let minute = parts.minute ?? 0
    return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
  }
}
