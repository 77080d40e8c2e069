import Foundation
import QuireReading

/// How `quire library list` shows the library: an aligned table, or JSON.
enum LibraryListing {
  /// A book as `quire library list --json` prints it.
  struct Entry: Codable, Equatable {
    var id: Int
    var title: String
    var authors: [String]
    var format: String
    var path: String
    /// Progress through the book, 0…1; absent before any position is saved.
    var progress: Double?
    /// ISO 8601; absent if never opened.
    var lastOpened: String?
    var added: String
    /// Length in UTF-16 units.
    var characters: Int
    var contentHash: String

    init(_ book: LibraryBook) {
      let iso = ISO8601DateFormatter()
      id = book.id
      title = book.title
      authors = book.authors
      format = book.format
      path = book.path
      progress = book.progression
      lastOpened = book.openedAt.map { iso.string(from: $0) }
      added = iso.string(from: book.addedAt)
      characters = book.characters
      contentHash = book.contentHash
    }
  }

  /// The books as an aligned table fitted to `width`: id, title, author, format, progress
  /// and the day last opened (the JSON has the full values).
  static func table(_ books: [LibraryBook], width: Int, timeZone: TimeZone = .current)
    -> String
  {
    var table = ColumnTable(
      columns: [
        .init(heading: "ID", alignsRight: true), .init(heading: "TITLE"),
        .init(heading: "AUTHOR"), .init(heading: "FORMAT"),
        .init(heading: "READ", alignsRight: true), .init(heading: "OPENED"),
      ], flexibleColumn: 1)
    table.rows = books.map { book in
      [
        String(book.id), book.title,
        ColumnTable.truncated(book.authors.joined(separator: ", "), to: 16),
        ColumnTable.truncated(book.format, to: 14),
        book.progression.map { ReadingTimeText.percent($0) } ?? "–",
        book.openedAt.map { ReadingTimeText.day($0, timeZone: timeZone) } ?? "never",
      ]
    }
    return table.render(width: width)
  }
}
