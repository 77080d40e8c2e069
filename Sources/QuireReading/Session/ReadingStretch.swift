import Foundation

/// A stretch of continuous reading, written to the library as one reading session.
///
/// A stretch ends when the reader is idle longer than the speed estimator's idle limit,
/// so a session's wall time is reading time and the library's statistics give a fair
/// speed (the prior of the next session's estimate).
struct ReadingStretch {
  var start: Date
  var last: Date
  /// Characters of the pages that counted as read.
  var characters = 0
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
