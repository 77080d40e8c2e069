import Foundation
import QuireBook

@testable import QuireReading

/// A folder under the system's temporary directory, removed when the value is released.
final class TemporaryFolder: Sendable {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "quire-library-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of the library file inside the folder.
  var libraryPath: String { path + "/library.sqlite" }
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
