import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// `--library` pointed at another program's SQLite database: every command refuses it
/// with a message naming it, and the file is byte for byte what it was (it used to get
/// Quire's tables and a switch to WAL, even from `library list`).
@Suite struct ForeignLibraryCommandTests {
  @Test func everyLibraryCommandRefusesAForeignDatabaseUntouched() throws {
    let workspace = LibraryWorkspace()
    let path = workspace.path + "/contacts.db"
    do {
      let database = try Database(path: path)
      try database.executeScript(
        "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada');")
    }
    let before = try SHA256.hexDigest(ofFileAt: path)
    let book = workspace.path + "/short.txt"
    try "CHAPTER I.\n\nA short book.\n".write(toFile: book, atomically: true, encoding: .utf8)
    for command in [
      ["library", "list"], ["library", "add", book], ["bookmarks", book, "add"],
      ["progress", book],
    ] {
      let result = runQuire(command + ["--library", path])
      let name = command.joined(separator: " ")
      #expect(result.status == 1, "quire \(name): \(result.standardError)")
      #expect(
        result.standardError.contains("\(path): the file is an SQLite database of another program"),
        "quire \(name): \(result.standardError)")
      #expect(try SHA256.hexDigest(ofFileAt: path) == before, "quire \(name) changed the file")
      #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "quire \(name)")
    }
  }
}
