public import Foundation
public import QuireBook

/// A highlighted passage: from `start` up to (not including) `end`, with a colour and an
/// optional note.
public struct Highlight: Hashable, Sendable, Identifiable {
  /// The colours a highlight can have; themes decide the exact shade.
  public enum Colour: String, Hashable, Sendable, Codable, CaseIterable {
    case yellow, green, blue, pink, purple
  }

  public var id: Int
  public var bookID: Int
  public var start: Locator
  public var end: Locator
  public var colour: Colour
  public var note: String?
  public var createdAt: Date

  /// Creates a highlight value (the library assigns ids; see `Library.addHighlight`).
  public init(
    id: Int, bookID: Int, start: Locator, end: Locator, colour: Colour, note: String?,
    createdAt: Date
  ) {
    self.id = id
    self.bookID = bookID
    self.start = start
    self.end = end
    self.colour = colour
    self.note = note
    self.createdAt = createdAt
  }
}
