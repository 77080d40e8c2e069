import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// Quire's libraries carry Quire's `application_id`; any other SQLite file is refused
/// before anything is written to it, and stays byte for byte as it was.
@Suite struct LibraryIdentityTests {
  let folder = ScratchFolder()

  /// Another program's database in rollback-journal mode, as a browser or a mail
  /// client would leave it.
  private func makeForeignDatabase(applicationID: Int? = nil) throws -> String {
    let path = folder.path + "/places.sqlite"
    let database = try Database(path: path)
    try database.executeScript(
      "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT);"
        + "INSERT INTO moz_places (url) VALUES ('https://example.org');")
    if let applicationID { try database.execute("PRAGMA application_id = \(applicationID)") }
    return path
  }

  @Test(arguments: [nil, 0x4D4F_5A21])
  func foreignDatabaseIsRefusedUntouched(_ applicationID: Int?) throws {
    let path = try makeForeignDatabase(applicationID: applicationID)
    let before = try SHA256.hexDigest(ofFileAt: path)
    let direct = #expect(throws: LibraryError.self) { try Library(path: path) }
    #expect(direct?.code == .notALibrary)
    #expect(direct?.description.hasPrefix(path + ": the file is an SQLite database") == true)
    // The recovering open neither moves it aside nor opens it read-only.
    let recovering = #expect(throws: LibraryError.self) { try Library.openRecovering(path: path) }
    #expect(recovering?.code == .notALibrary)
    #expect(try SHA256.hexDigest(ofFileAt: path) == before)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    let untouched = try Database(path: path)
    #expect(try untouched.queryFirst("PRAGMA journal_mode") { $0.string(0) } == "delete")
    #expect(
      try untouched.query("SELECT name FROM sqlite_schema WHERE type = 'table'") {
        $0.string(0)
      } == ["moz_places"])
  }

  @Test func newLibraryIsMarked() throws {
    _ = try Library(path: folder.libraryPath)
    let database = try Database(path: folder.libraryPath)
    #expect(
      try database.queryFirst("PRAGMA application_id") { $0.int(0) }
        == Int(LibraryIdentity.applicationID))
  }

  /// A library made before the mark is recognised by its tables, opens with its data
  /// and is marked on its first writable open.
  @Test func unmarkedQuireLibraryOpensAndIsMarked() throws {
    do {
      let library = try Library(path: folder.libraryPath)
      try Sample.addBook(library, "Emma")
      try library.withDatabase { try $0.execute("PRAGMA application_id = 0") }
    }
    do {
      let database = try Database(path: folder.libraryPath)
      #expect(try database.queryFirst("PRAGMA application_id") { $0.int(0) } == 0)
    }
    let library = try Library(path: folder.libraryPath)
    #expect(try library.books().map(\.title) == ["Emma"])
    let mark = try library.withDatabase {
      try $0.queryFirst("PRAGMA application_id") { $0.int(0) }
    }
    #expect(mark == Int(LibraryIdentity.applicationID))
  }
}
