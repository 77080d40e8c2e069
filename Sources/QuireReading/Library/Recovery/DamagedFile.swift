import Foundation
import Glibc

/// A copy of a damaged library that SQLite can open, made for `LibrarySalvage`.
///
/// A damaged page inside the file leaves the rest readable as it is; a damaged header
/// (the file's first 100 bytes, SQLite file format §1.3) makes SQLite refuse the whole
/// file as "not a database". The copy then gets a header rebuilt from what a Quire library
/// has — the page size that makes the schema table read, UTF-8, Quire's mark — while the
/// b-tree on page 1 after the header, and every other page, stay as they were.
enum DamagedFile {
  /// Page sizes to try when the header's own is damaged: SQLite's default (which Quire
  /// never changes) first.
  static let pageSizes = [4096, 1024, 2048, 8192, 16384, 32768, 65536, 512]

  /// Copies `damaged` (with its write-ahead log) to `copy` and makes the copy readable.
  ///
  /// - Returns: false when no header makes its schema table read: page 1 itself is gone.
  static func readableCopy(of damaged: String, at copy: String) -> Bool {
    do {
      try FileManager.default.copyItem(atPath: damaged, toPath: copy)
      if FileManager.default.fileExists(atPath: damaged + "-wal") {
        try FileManager.default.copyItem(atPath: damaged + "-wal", toPath: copy + "-wal")
      }
    } catch {
      return false
    }
    if schemaReads(copy) { return true }
    guard let original = headerBytes(copy), let size = fileSize(copy) else { return false }
    var sizes = pageSizes
    if original.starts(with: LibraryMark.sqliteMagic) {
      let stated = Int(original[16]) << 8 | Int(original[17])
      let own = stated == 1 ? 65536 : stated
      if pageSizes.contains(own) { sizes = [own] + sizes.filter { $0 != own } }
    }
    let hasLog = (fileSize(copy + "-wal") ?? 0) > 0
    // Whole pages first; a truncated file ends inside one.
    sizes = sizes.filter { size % $0 == 0 } + sizes.filter { size % $0 != 0 }
    for pageSize in sizes where size >= pageSize {
      for writeAheadLog in hasLog ? [true, false] : [false] {
        let header = rebuiltHeader(pageSize: pageSize, pages: size / pageSize, wal: writeAheadLog)
        guard write(header, to: copy) else { return false }
        if schemaReads(copy) { return true }
      }
    }
    return false
  }

  /// Whether SQLite opens the file and finds at least one table in its schema.
  private static func schemaReads(_ path: String) -> Bool {
    guard let database = try? Database(path: path, busyTimeout: .zero),
      (try? database.execute("PRAGMA writable_schema = ON")) != nil
    else { return false }
    let tables = try? database.queryFirst(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table'"
    ) { $0.int(0) }
    return (tables ?? 0) > 0
  }

  /// A valid header for a file of `pages` pages of `pageSize` bytes with no free list.
  static func rebuiltHeader(pageSize: Int, pages: Int, wal: Bool) -> [UInt8] {
    var header = [UInt8](repeating: 0, count: 100)
    func put(_ value: UInt32, at offset: Int) {
      for index in 0..<4 {
        header[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index))
      }
    }
    header.replaceSubrange(0..<16, with: LibraryMark.sqliteMagic)
    let stated = pageSize == 65536 ? 1 : pageSize
    header[16] = UInt8(stated >> 8)
    header[17] = UInt8(stated & 0xFF)
    header[18] = wal ? 2 : 1  // file format write version
    header[19] = wal ? 2 : 1  // read version
    header[21] = 64  // maximum embedded payload fraction
    header[22] = 32  // minimum embedded payload fraction
    header[23] = 32  // leaf payload fraction
    put(1, at: 24)  // file change counter
    put(UInt32(clamping: pages), at: 28)  // size in pages, valid as 92 equals 24
    put(1, at: 40)  // schema cookie
    put(4, at: 44)  // schema format
    put(1, at: 56)  // text encoding: UTF-8
    put(UInt32(bitPattern: LibraryIdentity.applicationID), at: 68)
    put(1, at: 92)  // version-valid-for
    put(3_040_001, at: 96)
    return header
  }

  private static func headerBytes(_ path: String) -> [UInt8]? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: 100), data.count == 100 else { return nil }
    return [UInt8](data)
  }

  private static func write(_ header: [UInt8], to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return header.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } == 100
  }

  private static func fileSize(_ path: String) -> Int? {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : nil
  }
}
