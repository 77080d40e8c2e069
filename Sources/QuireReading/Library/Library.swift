import Foundation
import QuireBook

/// The reader's library: books, reading positions, bookmarks, highlights, reading
/// sessions and the pagination cache, in one SQLite file.
///
/// The file is `$XDG_DATA_HOME/quire/library.sqlite` by default. It is opened in WAL mode
/// with foreign keys on, a 5 s busy timeout (so several Quire processes can share it:
/// readers never block, writers queue) and `synchronous = NORMAL`. In WAL mode that
/// setting is crash-safe against a killed process: a commit is in the WAL file (the OS
/// page cache) when `COMMIT` returns, and only a power loss or kernel crash — not
/// SIGKILL — can undo the last transactions, never corrupt the file. Every write is one
/// transaction, so a kill at any moment loses at most the update in flight.
///
/// `Library` is `Sendable`: all access to its one SQLite connection goes through a
/// `Mutex`, so each call (and each transaction) runs alone even when several tasks share
/// the instance. Calls block while another process holds the write lock (up to the busy
/// timeout), so front ends should make them off their event loop.
public final class Library: Sendable {
  /// The database file.
  public let path: String
  /// True when the library was opened read-only (see `openRecovering(path:)`): reads
  /// work, and every write throws `LibraryError` with code `.readOnly`.
  public var isReadOnly: Bool { readOnlyReason != nil }
  /// Why a read-only library cannot be written, in words ("the folder /x is not
  /// writable"); each write's error says it. Nil for a writable library.
  public let readOnlyReason: String?
  private let database: Locked<Database>

  /// Opens the library at the default location, creating its folder and file if missing.
  public convenience init() throws {
    let path = Library.defaultPath()
    let folder = PathName.folder(of: path)
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw LibraryError(
        .cannotOpen, path: path, "cannot create the folder \(folder): \(error.localizedDescription)"
      )
    }
    try self.init(path: path)
  }

  /// Opens (creating if missing) the library at `path` and migrates it to the current
  /// schema.
  ///
  /// The file must be empty, marked as Quire's (`LibraryIdentity`), or a Quire library
  /// from before the mark (which is then marked); anything else is refused unchanged.
  ///
  /// - Throws: `LibraryError` naming `path`: the folder does not exist or is not writable,
  ///   the file is another program's database or not a regular file (`.notALibrary`) or
  ///   damaged, or it was written by a newer Quire.
  public init(path: String) throws {
    self.path = path
    try Self.refuseSpecialFile(path)
    let database = try Database(path: path)
    // Before any write or journal change: another program's file stays as it was.
    let identity = try LibraryIdentity.check(database)
    // journal_mode answers with the mode in force; a file system without shared memory
    // support keeps "delete", which is still safe, only slower for concurrent readers.
    _ = try database.queryFirst("PRAGMA journal_mode = WAL") { $0.string(0) }
    try database.executeScript("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
    try LibrarySchema.migrate(database, marking: identity == .unmarked)
    self.database = Locked(database)
    readOnlyReason = nil
  }

  /// Opens the library at `path` without writing to it: no journal mode change and no
  /// migration, so the file must already have the current schema.
  ///
  /// - Parameter reason: why the library cannot be written, said by every write.
  /// - Throws: `LibraryError` `.readOnly` when the schema is not the current one.
  init(readingOnly path: String, access: Database.Access, reason: String) throws {
    self.path = path
    try Self.refuseSpecialFile(path)
    let database = try Database(path: path, access: access)
    _ = try LibraryIdentity.check(database)
    let version = try LibrarySchema.currentVersion(database)
    guard version == LibrarySchema.version else {
      throw LibraryError(
        .readOnly, path: path,
        "the library is read-only and its schema version \(version) is not the current "
          + "\(LibrarySchema.version), which only a writable library can be upgraded to")
    }
    try database.executeScript("PRAGMA foreign_keys = ON;")
    self.database = Locked(database)
    readOnlyReason = reason
  }

  /// `$XDG_DATA_HOME/quire/library.sqlite`, or `~/.local/share/quire/library.sqlite` when
  /// `XDG_DATA_HOME` is unset, empty or relative (the XDG spec says to ignore it then).
  ///
  /// - Parameter environment: the variables to read; nil reads the process's own.
  public static func defaultPath(
    environment: [String: String]? = nil
  ) -> String {
    let environment = environment ?? ProcessInfo.processInfo.environment
    let base: String
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      base = data
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      base = home + "/.local/share"
    }
    return base + "/quire/library.sqlite"
  }

  /// Runs `body` with exclusive use of the connection.
  func withDatabase<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
    try database.withLock { database throws -> T in try body(database) }
  }

  /// Runs `body` in one write transaction with exclusive use of the connection.
  ///
  /// - Throws: on a read-only library, `LibraryError` `.readOnly` with its reason, before
  ///   SQLite is asked (whose own words would be "attempt to write a readonly database").
  func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
    if let readOnlyReason {
      throw LibraryError(.readOnly, path: path, "cannot save: \(readOnlyReason)")
    }
    return try withDatabase { database in try database.transaction { try body(database) } }
  }

  /// SQLite's `PRAGMA integrity_check`: "ok", or the problems found, one a line.
  public func integrityCheck() throws -> String {
    try withDatabase { database in
      try database.query("PRAGMA integrity_check") { $0.string(0) }.joined(separator: "\n")
    }
  }

  /// The schema version of the open file (`PRAGMA user_version`).
  public func schemaVersion() throws -> Int {
    try withDatabase { try LibrarySchema.currentVersion($0) }
  }
}
