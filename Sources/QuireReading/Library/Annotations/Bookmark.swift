public import Foundation
public import QuireBook

/// A place in a book the reader marked, with an optional note.
///
/// A note on a bookmark is a note on its page; a note on a passage is a highlight's
/// (`Highlight.note`). Schema migration 2 leaves bookmark notes as they were: they are
/// listed and exported with their bookmark.
public struct Bookmark: Hashable, Sendable, Identifiable {
  public var id: Int
  public var bookID: Int
  public var locator: Locator
  public var note: String?
  public var createdAt: Date
  /// When its note last changed (its creation at first).
  public var modifiedAt: Date

  /// Creates a bookmark value (the library assigns ids; see `Library.addBookmark`).
  public init(
    id: Int, bookID: Int, locator: Locator, note: String?, createdAt: Date,
    modifiedAt: Date? = nil
  ) {
    self.id = id
    self.bookID = bookID
    self.locator = locator
    self.note = note
    self.createdAt = createdAt
    self.modifiedAt = modifiedAt ?? createdAt
  }
}
