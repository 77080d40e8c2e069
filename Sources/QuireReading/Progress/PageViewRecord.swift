public import Foundation

/// One page on screen: when it came, when it went, how much text it showed and why the
/// reader left it. The raw material of reading speed.
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
  /// UTF-16 units on the page.
  public var characters: Int
  public var exit: Exit

  /// Creates a record.
  public init(start: Date, end: Date, characters: Int, exit: Exit) {
    self.start = start
    self.end = end
    self.characters = characters
    self.exit = exit
  }

  /// Seconds on screen.
  public var duration: TimeInterval { end.timeIntervalSince(start) }
}
