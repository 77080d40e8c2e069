import Foundation
import QuireBook

@testable import QuireReading

extension ScratchFolder {
  /// The path of the library file inside the folder.
  var libraryPath: String { file("library.sqlite") }
}

/// Sample values for library tests.
enum Sample {
  static func metadata(_ title: String, authors: [String] = ["Anon"], language: String = "en")
    -> Metadata
  {
    Metadata(
      title: title, creators: authors.map { Metadata.Contributor(name: $0, role: "aut") },
      language: language)
  }

  /// Adds a book with a hash derived from its title.
  @discardableResult
  static func addBook(
    _ library: Library, _ title: String, characters: Int = 100_000,
    at date: Date = Date(timeIntervalSince1970: 1_700_000_000)
  ) throws -> LibraryBook {
    try library.addBook(
      path: "/books/\(title).epub", contentHash: "hash-\(title)", format: "EPUB 3.0",
      metadata: metadata(title), characters: characters, at: date)
  }

  /// The number of rows in a table, read through the library's own connection.
  static func count(_ library: Library, _ table: String) throws -> Int {
    try library.withDatabase { try $0.queryFirst("SELECT count(*) FROM \(table)") { $0.int(0) } }
      ?? 0
  }
}
