public import Foundation

/// One page (or spread of facing pages) on screen: when it came, when it went, how much
/// text it showed and why the reader left it. The raw material of reading speed and of
/// the time and pages statistics count.
///
/// `start` is moved on by the time the page spent under a panel, menu or popup, so a
/// record's duration is the time the page was there to be read.
public struct PageViewRecord: Hashable, Sendable, Codable {
  /// How the reader left the page.
  public enum Exit: String, Hashable, Sendable, Codable {
    /// Turned to the next page: the page was read.
    case forward
    /// Turned back: re-reading, not new text.
    case backward
    /// Jumped elsewhere (TOC, link, slider, search): the page was not necessarily read.
    case jump
    /// Closed the book or changed the layout.
    case other
  }

  public var start: Date
  public var end: Date
  /// UTF-16 units on the page or pages.
  public var characters: Int
  /// Pages shown at once: 2 for facing pages.
  public var pages: Int
  public var exit: Exit

  /// Creates a record.
  public init(start: Date, end: Date, characters: Int, pages: Int = 1, exit: Exit) {
    self.start = start
    self.end = end
    self.characters = characters
    self.pages = pages
    self.exit = exit
  }

  /// Seconds on screen.
  public var duration: TimeInterval { end.timeIntervalSince(start) }
}
