import CArchive
import Foundation

/// A comic archive that is not a ZIP — 7-Zip (CB7) or RAR 4/5 (CBR) — read in place
/// through libarchive: nothing is extracted to disk.
///
/// Opening walks the archive's headers once, refusing it over `ImportLimits` (entry count,
/// declared entry and total sizes, the total's ratio to the file) before decompressing
/// anything; entries with unsafe names are left out and reported in `warnings`, as the
/// ZIP container does. These formats have no random access (a 7-Zip archive is usually one
/// solid stream), so each read opens the archive again and streams to its entry, stopping
/// as soon as the entry decompresses past its declared size. Each read has a handle of its
/// own, so pages can be read from any task. This is the only file in Quire that touches
/// libarchive.
final class ArchiveContainer: ResourceContainer {
  /// The formats read, and the name a reader knows each by.
  enum Kind: String, Sendable {
    case sevenZip = "CB7"
    case rar = "CBR"
  }

  private struct Entry: Sendable {
    /// Its place among the archive's headers.
    var ordinal: Int
    var size: Int
  }

  let kind: Kind
  let entryNames: [String]
  let warnings: [ImportWarning]
  private let path: String
  private let limits: EntryLimits
  private let entries: [String: Entry]

  /// Reads bytes in pieces of this size.
  private static let chunk = 1 << 16

  /// Opens the archive at `path` and lists its files.
  /// - Throws: `BookError` `.corruptArchive` (damaged, truncated), `.limitExceeded`,
  ///   `.unreadable` (a password-protected entry).
  init(path: String, kind: Kind, limits: ImportLimits) throws {
    self.path = path
    self.kind = kind
    self.limits = EntryLimits(limits: limits, path: path)
    let handle = try Self.open(path, kind: kind)
    defer { archive_read_free(handle) }
    var listing = EntryListing<Entry>()
    var total = 0
    var ordinal = 0
    while let entry = try Self.nextHeader(handle, path: path) {
      defer { ordinal += 1 }
      try self.limits.checkEntryCount(ordinal + 1)
      guard archive_entry_filetype(entry) == 0o100000 else { continue }  // AE_IFREG
      let name = Self.name(of: entry)
      if archive_entry_is_encrypted(entry) != 0 {
        throw BookError(
          .unreadable, path: path, entry: name,
          "is protected by a password; Quire cannot open the archive")
      }
      let size =
        archive_entry_size_is_set(entry) != 0
        ? Int(clamping: archive_entry_size(entry)) : limits.maxEntrySize
      try self.limits.checkDeclared(entry: name, size: size, compressedSize: nil)
      total += size
      try self.limits.checkTotal(total)
      listing.add(name, Entry(ordinal: ordinal, size: size))
    }
    try self.limits.checkTotalRatio(
      size: total, compressedSize: PathName.status(path)?.size ?? 0)
    entries = listing.entries
    entryNames = listing.names
    warnings = listing.warnings
  }

  func contains(_ path: String) -> Bool { entries[path] != nil }

  func size(of path: String) -> Int? { entries[path]?.size }

  func read(_ entryPath: String) throws -> Data {
    try read(entryPath, maxBytes: nil)
  }

  func readPrefix(_ entryPath: String, maxBytes: Int) throws -> Data {
    try read(entryPath, maxBytes: maxBytes)
  }

  func contentHash() throws -> String {
    try SHA256.bookHash(ofFileAt: path)
  }

  // MARK: - Reading

  /// The entry's bytes (at most `maxBytes` of them), refusing any past its declared size.
  private func read(_ entryPath: String, maxBytes: Int?) throws -> Data {
    guard let entry = entries[entryPath] else {
      throw BookError(.missingResource, path: path, entry: entryPath, "the file is not in the book")
    }
    let handle = try Self.open(path, kind: kind)
    defer { archive_read_free(handle) }
    var ordinal = 0
    while ordinal < entry.ordinal {
      guard try Self.nextHeader(handle, path: path) != nil else { throw missing(entryPath) }
      ordinal += 1
    }
    guard try Self.nextHeader(handle, path: path) != nil else { throw missing(entryPath) }
    let wanted = min(entry.size, maxBytes ?? entry.size)
    var data = Data(count: wanted + 1)
    var filled = 0
    while filled <= wanted {
      let count = data.withUnsafeMutableBytes { buffer in
        archive_read_data(
          handle, buffer.baseAddress! + filled, min(Self.chunk, wanted + 1 - filled))
      }
      if count < 0 {
        throw BookError(
          .corruptArchive, path: path, entry: entryPath,
          "cannot be decompressed\(Self.errorText(handle)); the archive is damaged or truncated")
      }
      if count == 0 { break }
      filled += count
    }
    if filled > wanted {
      if maxBytes != nil, wanted < entry.size { return data.prefix(wanted) }
      throw limits.overrun(entry: entryPath, declared: entry.size)
    }
    if filled < wanted {
      throw BookError(
        .corruptArchive, path: path, entry: entryPath,
        "the entry ends after \(grouped(filled)) of its \(grouped(entry.size)) bytes")
    }
    return data.prefix(filled)
  }

  private func missing(_ entryPath: String) -> BookError {
    BookError(
      .corruptArchive, path: path, entry: entryPath,
      "is no longer where the archive listed it (the file changed or is damaged)")
  }

  // MARK: - libarchive

  /// A read handle on `path` for `kind`'s formats, past the archive's signature.
  private static func open(_ path: String, kind: Kind) throws -> OpaquePointer {
    guard let handle = archive_read_new() else {
      throw BookError(.unreadable, path: path, "cannot be opened (out of memory)")
    }
    switch kind {
    case .sevenZip: archive_read_support_format_7zip(handle)
    case .rar:
      archive_read_support_format_rar(handle)
      archive_read_support_format_rar5(handle)
    }
    let status = PathName.withCString(path) { archive_read_open_filename(handle, $0, chunk) }
    guard status == ARCHIVE_OK else {
      let reason = errorText(handle)
      archive_read_free(handle)
      throw BookError(
        .corruptArchive, path: path, "cannot be read as a \(kind.rawValue) archive\(reason)")
    }
    return handle
  }

  /// The next entry's header, nil at the end of the archive.
  private static func nextHeader(_ handle: OpaquePointer, path: String) throws -> OpaquePointer? {
    var entry: OpaquePointer?
    let status = archive_read_next_header(handle, &entry)
    if status == ARCHIVE_EOF { return nil }
    guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
      throw BookError(
        .corruptArchive, path: path, "the archive is damaged or truncated\(errorText(handle))")
    }
    return entry
  }

  /// An entry's name: UTF-8 where the archive says which, else its bytes as they are.
  private static func name(of entry: OpaquePointer) -> String {
    if let utf8 = archive_entry_pathname_utf8(entry) { return String(cString: utf8) }
    if let raw = archive_entry_pathname(entry) { return PathName.decode(cString: raw) }
    return ""
  }

  /// libarchive's reason in brackets, or nothing when it gives none (a file that ends
  /// early often does not say so).
  private static func errorText(_ handle: OpaquePointer) -> String {
    archive_error_string(handle).map { " (\(String(cString: $0)))" } ?? ""
  }
}
