import Foundation
import Testing

@testable import QuireReading

@Suite struct LibraryOpeningTests {
  let folder = ScratchFolder()

  @Test func migratesAnEmptyFileToTheCurrentSchema() throws {
    _ = FileManager.default.createFile(atPath: folder.libraryPath, contents: Data())
    let library = try Library(path: folder.libraryPath)
    #expect(try library.schemaVersion() == LibrarySchema.version)
    #expect(Reading.schemaVersion == LibrarySchema.version)
    let tables = try library.withDatabase { database in
      try database.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") {
        $0.string(0)
      }
    }
    #expect(
      tables == [
        "bookmarks", "books", "highlights", "lookups", "page_breaks", "position_history",
        "positions", "reading_sessions",
      ])
    #expect(try library.integrityCheck() == "ok")
  }

  @Test func usesWALAndForeignKeys() throws {
    let library = try Library(path: folder.libraryPath)
    let (mode, foreignKeys, synchronous) = try library.withDatabase { database in
      (
        try database.queryFirst("PRAGMA journal_mode") { $0.string(0) },
        try database.queryFirst("PRAGMA foreign_keys") { $0.int(0) },
        try database.queryFirst("PRAGMA synchronous") { $0.int(0) }
      )
    }
    #expect(mode == "wal")
    #expect(foreignKeys == 1)
    #expect(synchronous == 1)  // NORMAL
  }

  @Test func reopeningKeepsDataAndVersion() throws {
    do {
      let library = try Library(path: folder.libraryPath)
      try Sample.addBook(library, "Emma")
    }
    let reopened = try Library(path: folder.libraryPath)
    #expect(try reopened.schemaVersion() == LibrarySchema.version)
    #expect(try reopened.books().map(\.title) == ["Emma"])
    // And once more: migrations are not applied twice.
    let again = try Library(path: folder.libraryPath)
    #expect(try again.books().count == 1)
  }

  @Test func appliesANewMigrationAndRollsBackAFailingOne() throws {
    do {
      let library = try Library(path: folder.libraryPath)
      try Sample.addBook(library, "Emma")
    }
    let database = try Database(path: folder.libraryPath)
    let broken =
      LibrarySchema.migrations + [
        "CREATE TABLE extra (x INTEGER); INSERT INTO no_such_table VALUES (1);"
      ]
    #expect(throws: LibraryError.self) { try LibrarySchema.migrate(database, migrations: broken) }
    #expect(try LibrarySchema.currentVersion(database) == LibrarySchema.version)
    let extra = "SELECT count(*) FROM sqlite_schema WHERE name = 'extra'"
    #expect(try database.queryFirst(extra) { $0.int(0) } == 0)

    let next = LibrarySchema.migrations + ["ALTER TABLE books ADD COLUMN rating INTEGER"]
    try LibrarySchema.migrate(database, migrations: next)
    #expect(try LibrarySchema.currentVersion(database) == LibrarySchema.version + 1)
    #expect(try database.query("SELECT title, rating FROM books") { $0.string(0) } == ["Emma"])
  }

  @Test func refusesALibraryFromANewerQuire() throws {
    do {
      let library = try Library(path: folder.libraryPath)
      try library.withDatabase { try $0.execute("PRAGMA user_version = 99") }
    }
    let error = #expect(throws: LibraryError.self) { try Library(path: folder.libraryPath) }
    #expect(error?.code == .newerSchema)
    #expect(error?.description.contains(folder.libraryPath) == true)
  }

  @Test func defaultPathFollowsXDG() {
    #expect(
      Library.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/r"])
        == "/data/quire/library.sqlite")
    #expect(
      Library.defaultPath(environment: ["HOME": "/home/r"])
        == "/home/r/.local/share/quire/library.sqlite")
    // A relative XDG_DATA_HOME is invalid by the spec and ignored.
    #expect(
      Library.defaultPath(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/r"])
        == "/home/r/.local/share/quire/library.sqlite")
  }
}
