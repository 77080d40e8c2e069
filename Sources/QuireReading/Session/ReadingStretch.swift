import Foundation

/// A stretch of continuous reading, written to the library as one reading session.
///
/// A stretch ends when the reader turns no page for `idleLimit`, so a session's wall
/// time is about its reading; what the library's statistics and the next session's speed
/// come from is what counted within it (`ReadingTiming`).
struct ReadingStretch {
  /// Seconds without a turn after which the next turn starts a new stretch.
  static let idleLimit: TimeInterval = 300

  var start: Date
  var last: Date
  /// Characters of the pages that counted towards speed, and their seconds.
  var characters = 0
  var speedSeconds: TimeInterval = 0
  /// Seconds and pages that were reading (`ReadingSpeedEstimator.isReading`).
  var timeRead: TimeInterval = 0
  var pagesRead = 0
  var pagesTurned = 0
  /// The library's row for the stretch once it was written (it is updated as it grows).
  var recordID: Int?
  /// When the stretch was last written.
  var writtenAt: Date?

  init(start: Date) {
    self.start = start
    last = start
  }
}
