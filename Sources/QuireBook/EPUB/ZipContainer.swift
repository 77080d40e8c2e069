import CZip
import Foundation

/// An EPUB's ZIP archive read in place through libzip: nothing is extracted to disk.
///
/// Opening reads only the central directory and refuses archives over `ImportLimits`
/// (entry count, declared entry and total sizes, compression ratio) before inflating
/// anything. Entries with unsafe names ("..", absolute, backslashes) are left out and
/// reported in `warnings`. Reads stream through `zip_fread` in chunks and stop as soon as
/// an entry inflates past its declared size, so a lying header cannot exhaust memory.
///
/// libzip handles are not thread-safe; a `Mutex` serialises every call, so chapters can
/// be loaded from any task. This is the only file in Quire that touches libzip.
final class ZipContainer: ResourceContainer {
  private struct Entry: Sendable {
    var index: UInt64
    var size: Int
  }

  /// The `zip_t*`, owned: closed in `deinit`. `@unchecked Sendable` because libzip
  /// handles are not thread-safe but every use goes through the container's `Mutex`.
  private struct Handle: ~Copyable, @unchecked Sendable {
    let pointer: OpaquePointer
  }

  let entryNames: [String]
  let warnings: [ImportWarning]
  private let path: String
  private let limits: EntryLimits
  private let entries: [String: Entry]
  private let archive: Locked<Handle>

  /// Opens the archive at `path` read-only and lists its entries.
  /// - Throws: `BookError` `.corruptArchive` (truncated, not a ZIP), `.limitExceeded`,
  ///   `.unreadable`.
  init(path: String, limits: ImportLimits) throws {
    self.path = path
    self.limits = EntryLimits(limits: limits, path: path)
    // Refused from the end record, before libzip reads the whole directory into memory.
    if let declared = ZipEndRecord.declaredEntryCount(path: path) {
      try self.limits.checkEntryCount(declared)
    }
    var code: Int32 = 0
    guard let pointer = PathName.withCString(path, { zip_open($0, ZIP_RDONLY, &code) }) else {
      throw Self.openError(code: code, path: path)
    }
    archive = Locked(Handle(pointer: pointer))
    do {
      (entries, entryNames, warnings) = try Self.listEntries(
        pointer, limits: self.limits)
    } catch {
      entries = [:]
      entryNames = []
      warnings = []
      throw error
    }
  }

  deinit {
    archive.withLock { zip_discard($0.pointer) }
  }

  func contains(_ path: String) -> Bool { entries[path] != nil }

  func size(of path: String) -> Int? { entries[path]?.size }

  func read(_ entryPath: String) throws -> Data {
    guard let entry = entries[entryPath] else {
      throw BookError(.missingResource, path: path, entry: entryPath, "the file is not in the book")
    }
    return try archive.withLock { handle in
      try readEntry(entry, named: entryPath, from: handle.pointer)
    }
  }

  func readPrefix(_ entryPath: String, maxBytes: Int) throws -> Data {
    guard let entry = entries[entryPath] else {
      throw BookError(.missingResource, path: path, entry: entryPath, "the file is not in the book")
    }
    guard entry.size > maxBytes else { return try read(entryPath) }
    return try archive.withLock { handle in
      guard let file = zip_fopen_index(handle.pointer, entry.index, 0) else {
        let reason = String(cString: zip_strerror(handle.pointer))
        throw BookError(
          .corruptArchive, path: path, entry: entryPath, "cannot be opened: \(reason)")
      }
      defer { zip_fclose(file) }
      var data = Data(count: maxBytes)
      var filled = 0
      while filled < maxBytes {
        let count = data.withUnsafeMutableBytes { buffer in
          zip_fread(file, buffer.baseAddress! + filled, UInt64(maxBytes - filled))
        }
        if count < 0 { throw readError(file, entryPath) }
        if count == 0 { break }
        filled += Int(count)
      }
      return data.prefix(filled)
    }
  }

  func contentHash() throws -> String {
    try SHA256.bookHash(ofFileAt: path)
  }

  // MARK: - Reading

  /// Inflates one entry into a buffer of its declared size, refusing any byte beyond.
  private func readEntry(_ entry: Entry, named name: String, from pointer: OpaquePointer) throws
    -> Data
  {
    guard let file = zip_fopen_index(pointer, entry.index, 0) else {
      let reason = String(cString: zip_strerror(pointer))
      throw BookError(.corruptArchive, path: path, entry: name, "cannot be opened: \(reason)")
    }
    defer { zip_fclose(file) }
    var data = Data(count: entry.size)
    var filled = 0
    while filled < entry.size {
      let count = data.withUnsafeMutableBytes { buffer in
        zip_fread(file, buffer.baseAddress! + filled, UInt64(entry.size - filled))
      }
      if count < 0 { throw readError(file, name) }
      if count == 0 {
        throw BookError(
          .corruptArchive, path: path, entry: name,
          "the entry ends after \(grouped(filled)) of its \(grouped(entry.size)) bytes")
      }
      filled += Int(count)
    }
    // One more read must hit the end: it also makes libzip check the CRC.
    var probe: UInt8 = 0
    let extra = zip_fread(file, &probe, 1)
    if extra < 0 { throw readError(file, name) }
    if extra > 0 { throw limits.overrun(entry: name, declared: entry.size) }
    return data
  }

  private func readError(_ file: OpaquePointer, _ name: String) -> BookError {
    let reason = String(cString: zip_file_strerror(file))
    return BookError(.corruptArchive, path: path, entry: name, "cannot be decompressed: \(reason)")
  }

  // MARK: - Opening

  private static func listEntries(_ pointer: OpaquePointer, limits: EntryLimits) throws -> (
    [String: Entry], [String], [ImportWarning]
  ) {
    let count = Int(max(zip_get_num_entries(pointer, 0), 0))
    try limits.checkEntryCount(count)
    var listing = EntryListing<Entry>()
    var total = 0
    var compressedTotal = 0
    for index in 0..<UInt64(count) {
      var stat = zip_stat_t()
      guard zip_stat_index(pointer, index, 0, &stat) == 0, let cName = stat.name else {
        throw BookError(
          .corruptArchive, path: limits.path, "entry \(index + 1) of the ZIP directory is damaged")
      }
      let name = String(cString: cName)
      let size = Int(clamping: stat.size)
      try limits.checkDeclared(
        entry: name, size: size, compressedSize: Int(clamping: stat.comp_size))
      total += size
      compressedTotal += Int(clamping: min(stat.comp_size, 1 << 40))  // a lie must not overflow
      try limits.checkTotal(total)
      if name.hasSuffix("/") && size == 0 { continue }  // a folder entry
      listing.add(name, Entry(index: index, size: size))
    }
    try limits.checkTotalRatio(size: total, compressedSize: compressedTotal)
    return (listing.entries, listing.names, listing.warnings)
  }

  private static func openError(code: Int32, path: String) -> BookError {
    var error = zip_error_t()
    zip_error_init_with_code(&error, code)
    defer { zip_error_fini(&error) }
    let reason = String(cString: zip_error_strerror(&error))
    switch code {
    case ZIP_ER_NOZIP:
      return BookError(
        .corruptArchive, path: path,
        "the ZIP central directory is missing: the file is truncated or not a ZIP archive")
    case ZIP_ER_INCONS, ZIP_ER_CRC, ZIP_ER_SEEK, ZIP_ER_READ, ZIP_ER_EOF, ZIP_ER_COMPNOTSUPP:
      return BookError(.corruptArchive, path: path, "the ZIP archive is damaged (\(reason))")
    case ZIP_ER_NOENT:
      return BookError(.fileNotFound, path: path, "no such file")
    default:
      return BookError(.unreadable, path: path, "cannot be opened as a ZIP archive (\(reason))")
    }
  }
}
