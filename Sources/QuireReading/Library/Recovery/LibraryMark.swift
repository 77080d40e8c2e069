import Foundation
import Glibc
import QuireBook

/// Whether a file that SQLite cannot open is still recognisably a Quire library, read from
/// its bytes: only such a file (or the default library path) may be moved aside and
/// salvaged. A text file, another program's file or a system file given as the library is
/// never moved, renamed or replaced.
///
/// A file is Quire's when its header is SQLite's and carries Quire's `application_id`
/// (`LibraryIdentity.applicationID`, at byte 68 of the header, SQLite file format §1.3),
/// or — its header damaged — when its first pages hold the definitions of Quire's own
/// tables in SQLite's schema table, stored as plain SQL text.
enum LibraryMark {
  /// SQLite's header string, the first 16 bytes of every database file.
  static let sqliteMagic = Array("SQLite format 3\u{0}".utf8)

  /// Table definitions only a Quire library holds, as `sqlite_schema` stores them.
  static let schemaFingerprints = [
    "CREATE TABLE books (", "CREATE TABLE bookmarks (", "CREATE TABLE reading_sessions (",
    "CREATE TABLE position_history (",
  ].map { Array($0.utf8) }

  /// How far into the file the schema text is looked for: the schema table is written
  /// when a library is created, into its first pages.
  static let schemaWindow = 256 << 10

  /// Whether the regular file at `path` carries Quire's mark; false for anything that
  /// cannot be read, is not a regular file, or carries no mark.
  static func isQuires(_ path: String) -> Bool {
    guard let bytes = leadingBytes(of: path, count: schemaWindow) else { return false }
    if bytes.count >= 72, bytes.starts(with: sqliteMagic) {
      let id = bytes[68..<72].reduce(0) { $0 << 8 | UInt32($1) }
      if id == UInt32(bitPattern: LibraryIdentity.applicationID) { return true }
    }
    // SQLite files are whole pages of 512 bytes or more.
    guard bytes.count >= 512, fileSize(path).map({ $0 % 512 == 0 }) == true else { return false }
    return schemaFingerprints.allSatisfy { contains(bytes, $0) }
  }

  /// Up to `count` bytes from the start of a regular file, read without blocking.
  private static func leadingBytes(of path: String, count: Int) -> [UInt8]? {
    let descriptor = PathName.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress! + filled, count - filled)
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      filled += got
    }
    return Array(bytes[..<filled])
  }

  private static func fileSize(_ path: String) -> Int? {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : nil
  }

  /// Whether `needle` occurs in `haystack`.
  /// - Complexity: O(n × m) in the worst case; the needles are short and start with "C".
  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, haystack.count >= needle.count else { return false }
    var index = 0
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return true
      }
      index += 1
    }
    return false
  }
}
