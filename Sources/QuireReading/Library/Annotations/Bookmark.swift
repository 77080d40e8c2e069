public import Foundation
public import QuireBook

/// A place in a book the reader marked, with an optional note.
///
/// Notes written on a page before notes belonged to passages are kept as they were, on
/// their bookmarks: nothing is moved, and they are listed and exported with their
/// bookmark. New notes go on a passage (`Highlight.note`).
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
