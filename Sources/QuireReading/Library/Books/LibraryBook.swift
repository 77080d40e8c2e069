public import Foundation

/// A book as the library lists it: where it is, what it is, and how far it has been read.
///
/// The full `Metadata` and the cover thumbnail are not part of the listing (they are
/// read with `Library.metadata(ofBook:)` and `Library.cover(ofBook:)`), which keeps a
/// list of thousands of books fast.
public struct LibraryBook: Hashable, Sendable, Identifiable {
  /// The library's id for the book; stable for the life of the entry.
  public var id: Int
  /// Where the book was last found on disk.
  public var path: String
  /// Hex SHA-256 of the book's content (`Book.contentHash`): its identity.
  public var contentHash: String
  /// The format's display name, e.g. "EPUB 3.0" or "TXT (GB18030)".
  public var format: String
  public var title: String
  public var authors: [String]
  /// BCP 47 language tag, when the book states one.
  public var language: String?
  /// Length of the book's text in UTF-16 units (an estimate for EPUB before it is read).
  public var characters: Int
  public var addedAt: Date
  /// When the book was last opened for reading; nil if never.
  public var openedAt: Date?
  /// Progress through the book, 0…1, from the current position; nil before any is saved.
  public var progression: Double?
  /// Whether a cover thumbnail is stored.
  public var hasCover: Bool
}

/// The orders `Library.books(sortedBy:)` lists books in.
public enum LibrarySort: String, Hashable, Sendable, CaseIterable {
  /// Most recently opened (or added, if never opened) first.
  case recent
  /// By title, case-insensitively, then by id.
  case title
  /// Furthest read first; unread books last.
  case progress
}

/// What `Library.book(forPath:contentHash:)` found for a book file.
public enum BookLookup: Hashable, Sendable {
  /// The library knows the book at this path with this content.
  case known(LibraryBook)
  /// The content is known under another path: the book moved, and its path was updated.
  case moved(LibraryBook, previousPath: String)
  /// The path is known but its content changed: call `Library.reanchor` with the new
  /// hash to keep the bookmarks and highlights.
  case changed(LibraryBook, newContentHash: String)
  /// Neither the content nor the path is in the library.
  case notFound

  /// The library entry, if one was found.
  public var book: LibraryBook? {
    switch self {
    case .known(let book), .moved(let book, _), .changed(let book, _): book
    case .notFound: nil
    }
  }
}
