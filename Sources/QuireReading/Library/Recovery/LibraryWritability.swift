import Foundation
import Glibc
import QuireBook

/// Whether a library file can be written, and why not, in words a user can act on —
/// asked of the file system before SQLite is, whose answer would be "disk I/O error" or
/// "attempt to write a readonly database".
enum LibraryWritability {
  /// Why the library at `path` cannot be written, or nil when it can (as far as the file
  /// system says: a full disk shows only when a write fails).
  static func reason(path: String) -> String? {
    let folder = self.folder(of: path)
    var system = statvfs()
    if statvfs(folder, &system) == 0, system.f_flag & UInt(ST_RDONLY) != 0 {
      return "the file system holding \(folder) is read-only"
    }
    if FileManager.default.fileExists(atPath: path), access(path, W_OK) != 0 {
      return "the file's permissions do not allow writing it"
    }
    // WAL mode creates its -wal and -shm files beside the library.
    if access(folder, W_OK) != 0 {
      return "the folder \(folder) is not writable"
    }
    return nil
  }

  /// The reason for an error met opening the library for writing.
  static func reason(path: String, after error: LibraryError) -> String {
    if error.code == .diskFull || (error.code == .ioError && diskIsFull(path)) {
      return "the disk is full"
    }
    return reason(path: path) ?? error.detail
  }

  /// Whether the file system holding `path` has (next to) no space left: SQLite reports
  /// a full disk met while creating its `-shm` or `-wal` file as "disk I/O error".
  static func diskIsFull(_ path: String) -> Bool {
    var system = statvfs()
    guard statvfs(folder(of: path), &system) == 0 else { return false }
    return UInt64(system.f_bavail) * UInt64(system.f_frsize) < 64 << 10
  }

  /// Makes the `-wal` and `-shm` files writable again when a read-only session left them
  /// read-only (SQLite creates them with the library's permissions, so reading a 0444
  /// library made a 0444 `-shm`, and that blocked every write after the library's own
  /// permissions were restored). Only files of this user, beside a writable library.
  static func repairCompanions(of path: String) {
    var library = stat()
    guard stat(path, &library) == 0, access(path, W_OK) == 0 else { return }
    for companion in [path + "-wal", path + "-shm"] {
      var status = stat()
      guard stat(companion, &status) == 0, status.st_uid == geteuid(),
        access(companion, W_OK) != 0
      else { continue }
      chmod(companion, library.st_mode & 0o666)
    }
  }

  /// Whether a read-only open may tell SQLite the file is immutable: only when there is
  /// no write-ahead log holding commits that are not in the file yet (an immutable open
  /// ignores the log). Such an open creates no `-shm` or `-wal` file.
  static func mayOpenImmutable(_ path: String) -> Bool {
    var status = stat()
    return stat(path + "-wal", &status) != 0 || status.st_size == 0
  }

  private static func folder(of path: String) -> String {
    let folder = PathName.folder(of: path)
    return folder.isEmpty ? "." : folder
  }
}
