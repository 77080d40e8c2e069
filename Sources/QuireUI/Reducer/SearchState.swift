package import QuireReading

/// The last search: its query, the matches found so far, the one the reader is at.
package struct SearchState: Hashable, Sendable {
  package var query = ""
  package var matches: [SearchMatch] = []
  /// Index in `matches` of the match shown last (n/N move from it).
  package var current: Int?
  package var isRunning = false
  /// Counts searches, so results of a cancelled one are never mixed into the next.
  package var generation = 0
  /// Results are capped so that a one-letter query stays quick to show.
  package static let limit = 2_000

  /// No search yet.
  package init() {}
}
