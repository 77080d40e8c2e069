public import Foundation
import QuireBook

extension Library {
  /// Opens the library at `path` whatever state its file is in, so the reader keeps
  /// working; what happened is in the result's `state` and `notices`.
  ///
  /// - A damaged library (truncated, failing `PRAGMA quick_check`, a damaged header) is
  ///   moved aside to `library.sqlite.corrupt-<timestamp>` (with its `-wal` and `-shm`
  ///   files) — never deleted — and what can still be read of it is salvaged into a new
  ///   library in its place (`LibrarySalvage`). Only a file that is Quire's is moved:
  ///   one that carries Quire's mark (`LibraryMark`), or the file at the default path.
  ///   Any other file that is not a library — a text file given as the library — is
  ///   refused (`.notALibrary`) and left as it was.
  /// - A read-only file or folder opens read-only: reads work and writes throw
  ///   `LibraryError` `.readOnly`.
  /// - When no file can be opened or created at all (a read-only folder without a
  ///   library, a full disk), an in-memory library stands in for this session.
  ///
  /// - Parameters:
  ///   - movingDamagedAside: false to throw the damage (`.corrupt`) instead: for a
  ///     one-shot write, which must fail rather than succeed in a new library, and for a
  ///     command that only reads a library the user named.
  ///   - isDefaultPath: whether `path` is the reader's own library file, which is
  ///     recovered even without the mark; nil compares it with `defaultPath()`.
  /// - Throws: `LibraryError` only for a library written by a newer Quire (`.newerSchema`),
  ///   a file that is not a Quire library (`.notALibrary`, never moved or changed), a
  ///   damaged one when not `movingDamagedAside` (`.corrupt`) or a library held locked by
  ///   another process (`.busy`): those the user must resolve.
  public static func openRecovering(
    path: String, now: Date = Date(), movingDamagedAside: Bool = true,
    isDefaultPath: Bool? = nil
  ) throws -> LibraryOpening {
    try refuseSpecialFile(path)
    let folder = PathName.folder(of: path)
    if !folder.isEmpty {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    // Asked before SQLite: a read-write attempt on a read-only file would create its
    // -shm read-only, and that file would block writes once permission is back.
    if let reason = LibraryWritability.reason(path: path) {
      return try openReadOnly(path: path, reason: reason)
    }
    LibraryWritability.repairCompanions(of: path)
    do {
      let library = try Library(path: path)
      try library.checkReadable()
      return LibraryOpening(library: library, state: .normal, notices: [])
    } catch let error as LibraryError {
      switch error.code {
      case .newerSchema, .busy, .notALibrary:
        throw error
      case .corrupt:
        // Checked before anything else: a file that is not Quire's is refused as such.
        guard isDefaultPath ?? isDefault(path) || LibraryMark.isQuires(path) else {
          throw LibraryError(.notALibrary, path: path, notALibrary(path))
        }
        guard movingDamagedAside else { throw error }
        return try recreate(path: path, after: error, now: now)
      default:
        return try openReadOnly(
          path: path, reason: LibraryWritability.reason(path: path, after: error))
      }
    }
  }

  /// `PRAGMA quick_check`: a truncated or damaged file can open and fail only later.
  func checkReadable() throws {
    let result = try withDatabase { database in
      try database.query("PRAGMA quick_check") { $0.string(0) }
    }
    guard result == ["ok"] else {
      let problems = result.prefix(3).joined(separator: "; ")
      throw LibraryError(.corrupt, path: path, "the file is damaged (\(problems))")
    }
  }

  /// Moves the damaged file aside and starts a new library in its place.
  private static func recreate(path: String, after error: LibraryError, now: Date) throws
    -> LibraryOpening
  {
    var aside = path + ".corrupt-" + timestamp(now)
    var copy = 1
    while FileManager.default.fileExists(atPath: aside) {
      copy += 1
      aside = path + ".corrupt-" + timestamp(now) + "-\(copy)"
    }
    do {
      try FileManager.default.moveItem(atPath: path, toPath: aside)
      for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
        try FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
      }
    } catch {
      return inMemory(
        path: path,
        reason: "the file is damaged (\(error.localizedDescription)) and cannot be moved aside")
    }
    do {
      // Made and migrated first, so the salvage copies into the current schema.
      _ = try Library(path: path)
      let report = LibrarySalvage.salvage(from: aside, into: path)
      let library = try Library(path: path)
      let notice =
        "\(path): the library was damaged (\(error.detail)); it was moved to \(aside) and "
        + (report.map { "what could be read was salvaged into a new library: \($0.summary)" }
          ?? "nothing in it could be read, so a new, empty library was started")
      return LibraryOpening(
        library: library, state: .recreated(movedTo: aside), notices: [notice], salvaged: report)
    } catch let created as LibraryError {
      let notice =
        "\(path): the library was damaged (\(error.detail)); it was moved to \(aside)"
      var opening = inMemory(path: path, reason: created.detail)
      opening = LibraryOpening(
        library: opening.library, state: opening.state, notices: [notice] + opening.notices,
        reason: opening.reason)
      return opening
    }
  }

  /// Opens a library that cannot be written read-only, or stands in one in memory.
  ///
  /// The read-only open tells SQLite the file is immutable when no write-ahead log holds
  /// commits the file lacks, so reading leaves no `-shm` or `-wal` file behind.
  private static func openReadOnly(path: String, reason: String) throws -> LibraryOpening {
    guard FileManager.default.fileExists(atPath: path) else {
      return inMemory(path: path, reason: reason)
    }
    let accesses: [Database.Access] =
      LibraryWritability.mayOpenImmutable(path)
      ? [.immutable, .readOnly] : [.readOnly, .immutable]
    var lastError: LibraryError?
    for access in accesses {
      do {
        let library = try Library(readingOnly: path, access: access, reason: reason)
        try library.checkReadable()
        let notice =
          "\(path): the library is read-only (\(reason)); reading positions, "
          + "bookmarks and notes will not be saved"
        return LibraryOpening(
          library: library, state: .readOnly, notices: [notice], reason: reason)
      } catch let error as LibraryError {
        // Another program's file is refused here too, never replaced by one in memory.
        if error.code == .notALibrary || error.code == .newerSchema { throw error }
        lastError = error
      }
    }
    return inMemory(path: path, reason: lastError.map { "\(reason); \($0.detail)" } ?? reason)
  }

  private static func inMemory(path: String, reason: String) -> LibraryOpening {
    // An in-memory database cannot fail to open short of running out of memory.
    let library = try! Library(path: ":memory:")
    let notice =
      "\(path): the library cannot be opened or created (\(reason)); nothing will be "
      + "saved after Quire quits"
    return LibraryOpening(library: library, state: .inMemory, notices: [notice], reason: reason)
  }

  /// "20261129T190102Z": sortable, and safe in a file name.
  private static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T"
      + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
  }
}
