/// What `Library.reanchor` did with a changed book's saved places.
public struct ReanchorReport: Hashable, Sendable {
  /// Locators (bookmarks, highlight ends, the current position) found again by their text.
  public var found: Int
  /// Locators whose text was not found: kept in their chapter, offset clamped.
  public var clamped: Int
  /// Highlights with an end not found: kept and listed, but marked unplaced.
  public var unplacedHighlights: Int

  /// Creates a report.
  public init(found: Int = 0, clamped: Int = 0, unplacedHighlights: Int = 0) {
    self.found = found
    self.clamped = clamped
    self.unplacedHighlights = unplacedHighlights
  }
}
