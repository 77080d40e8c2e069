import QuireReading

/// The last search: its query, the matches found so far, the one the reader is at.
struct SearchState {
  var query = ""
  var matches: [SearchMatch] = []
  /// Index in `matches` of the match shown last (n/N move from it).
  var current: Int?
  var isRunning = false
  /// Counts searches, so results of a cancelled one are never mixed into the next.
  var generation = 0
  var task: Task<Void, Never>?
  /// Results are capped so that a one-letter query stays quick to show.
  static let limit = 2_000
}
