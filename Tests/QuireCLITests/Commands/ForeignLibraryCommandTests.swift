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

/// A file that is not a library at all, given as one: every command refuses it with exit 1
/// and a message naming it, and the file is byte for byte what it was, with nothing made
/// beside it (it used to be moved to `notes.txt.corrupt-…` and replaced by an empty
/// library, with exit status 0).
@Suite struct NotALibraryCommandTests {
  private func setUp() throws -> (LibraryWorkspace, notes: String, book: String) {
    let workspace = LibraryWorkspace()
    let notes = workspace.path + "/notes.txt"
    try "Buy milk.\nThe garden: tomatoes, beans.\n".write(
      toFile: notes, atomically: true, encoding: .utf8)
    let book = workspace.path + "/short.txt"
    try "CHAPTER I.\n\nA short book.\n".write(toFile: book, atomically: true, encoding: .utf8)
    return (workspace, notes, book)
  }

  @Test func everyCommandRefusesATextFileAndKeepsIt() throws {
    let (workspace, notes, book) = try setUp()
    let before = try Data(contentsOf: URL(fileURLWithPath: notes))
    for command in [
      ["progress", book], ["stats"], ["library", "list"], ["library", "add", book],
      ["bookmarks", book, "add"], ["bookmarks", book, "export"], ["library", "salvage"],
      ["render", book, "-o", workspace.path + "/page.png"],
    ] {
      let result = runQuire(command + ["--library", notes])
      let name = command.joined(separator: " ")
      #expect(result.status == 1, "quire \(name): \(result.standardError)")
      #expect(
        result.standardError.contains("\(notes): the file is not a Quire library"),
        "quire \(name): \(result.standardError)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: notes)) == before, "quire \(name)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted()
    #expect(names == ["notes.txt", "short.txt"], "nothing made beside it: \(names)")
  }

  @Test(.enabled(if: QuireProgram.path != nil, "needs the built quire"))
  func theEnvironmentVariableIsRefusedAlike() throws {
    let (workspace, notes, book) = try setUp()
    let before = try Data(contentsOf: URL(fileURLWithPath: notes))
    let environment = [
      "QUIRE_LIBRARY": notes, "HOME": workspace.path, "XDG_DATA_HOME": workspace.path + "/data",
    ]
    for command in [["stats"], ["progress", book], ["library", "list"]] {
      let result = try QuireProgram.run(command, unprivileged: false, environment: environment)
      #expect(result.status == 1, "\(command): \(result.standardError)")
      #expect(result.standardError.contains("\(notes): the file is not a Quire library"))
      #expect(try Data(contentsOf: URL(fileURLWithPath: notes)) == before, "\(command)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted()
    #expect(names == ["notes.txt", "short.txt"], "\(names)")
  }

  @Test func aFIFOAsTheLibraryIsRefusedAtOnce() throws {
    let workspace = LibraryWorkspace()
    let fifo = workspace.path + "/pipe"
    try #require(mkfifo(fifo, 0o600) == 0)
    let started = ContinuousClock.now
    let result = runQuire(["library", "list", "--library", fifo])
    #expect(ContinuousClock.now - started < .seconds(1))
    #expect(result.status == 1)
    #expect(result.standardError.contains("\(fifo): the library must be a regular file"))
  }

  /// A library named by one character, relative to the working folder: Foundation's
  /// `deletingLastPathComponent` crashed on it (SIGILL).
  @Test func aOneCharacterLibraryNameIsTakenAsAnyOther() throws {
    #expect(!FileManager.default.fileExists(atPath: "q"), "the test needs no file q here")
    let result = runQuire(["library", "list", "--library", "q"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("q: there is no library there yet"))
    #expect(!FileManager.default.fileExists(atPath: "q"), "a reading command made a library")
  }

  @Test func aMissingNamedLibraryIsNotMadeByAReadingCommand() throws {
    let workspace = LibraryWorkspace()
    for command in [["library", "list"], ["stats"]] {
      let result = workspace.run(command)
      #expect(result.status == 0, "\(result.standardError)")
      #expect(!FileManager.default.fileExists(atPath: workspace.libraryPath), "\(command)")
    }
    // Nor is an empty file turned into one.
    #expect(FileManager.default.createFile(atPath: workspace.libraryPath, contents: nil))
    #expect(workspace.run(["stats"]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.libraryPath)).isEmpty)
  }
}
