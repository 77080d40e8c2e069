import Foundation
import QuireBook

extension Library {
  /// An empty library in memory, for a command that reads a library that does not exist:
  /// nothing is created on disk, and nothing written to it outlives the process.
  public static func inMemory() throws -> Library {
    try Library(path: ":memory:")
  }

  /// Whether `path` names the reader's own library file, `defaultPath()` (symbolic links
  /// and `..` resolved on both sides).
  static func isDefault(_ path: String) -> Bool {
    func resolved(_ path: String) -> String {
      URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
    return resolved(path) == resolved(defaultPath())
  }

  /// Refuses a FIFO, socket, device or folder given as the library before SQLite opens it
  /// (reading a FIFO would block forever).
  ///
  /// - Throws: `LibraryError` `.notALibrary` naming what the path is.
  static func refuseSpecialFile(_ path: String) throws {
    guard path != ":memory:" else { return }
    // Missing: created as a new library.
    guard let status = PathName.status(path) else { return }
    let kind: String
    switch status.kind {
    case .regular: return
    case .directory: kind = "a folder"
    case .fifo: kind = "a FIFO (named pipe)"
    case .socket: kind = "a socket"
    case .device: kind = "a device"
    case .symbolicLink, .other: kind = "not a regular file"
    }
    throw LibraryError(
      .notALibrary, path: path,
      "the library must be a regular file, and this is \(kind); give the library file's path")
  }

  /// Why a file that SQLite cannot read is refused rather than moved aside: it is not
  /// Quire's.
  static func notALibrary(_ path: String) -> String {
    let isSQLite =
      FileHandle(forReadingAtPath: path).flatMap { handle in
        defer { try? handle.close() }
        return try? handle.read(upToCount: 16)
      }.map { [UInt8]($0) == LibraryMark.sqliteMagic } ?? false
    let what =
      isSQLite
      ? "it is a damaged SQLite file without Quire's mark"
      : "it is not an SQLite database"
    return "the file is not a Quire library (\(what)); Quire leaves it untouched — give "
      + "another library path"
  }
}
