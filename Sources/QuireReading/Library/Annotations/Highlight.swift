public import Foundation
public import QuireBook

/// A highlighted passage: from `start` up to (not including) `end`, with a colour, a style
/// and an optional note.
///
/// Its note belongs to its passage. Overlapping highlights of one colour and style are merged when
/// one is added (`Library.addHighlight`); others stack, the one made later on top
/// (`stackedAbove(_:)`).
public struct Highlight: Hashable, Sendable, Identifiable {
  /// The colours a highlight can have; themes decide the exact shade.
  public enum Colour: String, Hashable, Sendable, Codable, CaseIterable {
    case yellow, green, blue, pink, purple
  }

  /// How a highlight is drawn: behind its text, under it, or through it.
  public enum Style: String, Hashable, Sendable, Codable, CaseIterable {
    case background
    case underline
    case strikethrough = "strike"
  }

  public var id: Int
  public var bookID: Int
  public var start: Locator
  public var end: Locator
  public var colour: Colour
  public var style: Style
  public var note: String?
  public var createdAt: Date
  /// When its colour, style, note or place last changed (its creation at first).
  public var modifiedAt: Date
  /// True when the book's text changed and the passage was not found again
  /// (`Library.reanchor`): its place is the old one clamped to the new text, shown in the
  /// annotation list apart from the placed ones and never drawn on a page.
  public var isUnplaced: Bool

  /// Creates a highlight value (the library assigns ids; see `Library.addHighlight`).
  public init(
    id: Int, bookID: Int, start: Locator, end: Locator, colour: Colour,
    style: Style = .background, note: String?, createdAt: Date, modifiedAt: Date? = nil,
    isUnplaced: Bool = false
  ) {
    self.id = id
    self.bookID = bookID
    self.start = start
    self.end = end
    self.colour = colour
    self.style = style
    self.note = note
    self.createdAt = createdAt
    self.modifiedAt = modifiedAt ?? createdAt
    self.isUnplaced = isUnplaced
  }

  /// Whether this highlight is drawn above `other` where they overlap: the one made later
  /// (the higher id) is on top.
  public func stackedAbove(_ other: Highlight) -> Bool { id > other.id }

  /// Whether the two share at least one character (touching ends do not overlap).
  public func overlaps(_ other: Highlight) -> Bool {
    start < other.end && other.start < end
  }
}
