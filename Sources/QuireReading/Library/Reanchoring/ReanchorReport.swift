/// What `Library.reanchor` did with a changed book's saved places.
public struct ReanchorReport: Hashable, Sendable {
  /// Locators (bookmarks, highlight ends, the current position) found again by their text.
  public var found: Int
  /// Locators whose text was not found: kept in their chapter, offset clamped.
  public var clamped: Int

  /// Creates a report.
  public init(found: Int = 0, clamped: Int = 0) {
    self.found = found
    self.clamped = clamped
  }
}
