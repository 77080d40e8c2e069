public import Foundation
public import QuireBook

/// A place in a book the reader marked, with an optional note.
public struct Bookmark: Hashable, Sendable, Identifiable {
  public var id: Int
  public var bookID: Int
  public var locator: Locator
  public var note: String?
  public var createdAt: Date

  /// Creates a bookmark value (the library assigns ids; see `Library.addBookmark`).
  public init(id: Int, bookID: Int, locator: Locator, note: String?, createdAt: Date) {
    self.id = id
    self.bookID = bookID
    self.locator = locator
    self.note = note
    self.createdAt = createdAt
  }
}
