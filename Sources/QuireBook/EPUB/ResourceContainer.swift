package import Foundation

/// The files of an EPUB, wherever they are kept: a ZIP archive or an unpacked folder.
///
/// Paths are package paths ("OEBPS/chapter-1.xhtml"): relative, "/"-separated, never
/// with ".." or a leading "/". Implementations enforce `ImportLimits` on every read and
/// never write anything to disk.
package protocol ResourceContainer: Sendable {
  /// Every file path in the container.
  var entryNames: [String] { get }
  /// Problems found while listing the container (unsafe names left out, duplicates).
  var warnings: [ImportWarning] { get }
  /// Whether `path` names a file in the container.
  func contains(_ path: String) -> Bool
  /// The uncompressed size of the file at `path` as the container declares it, or nil when
  /// there is no such file.
  func size(of path: String) -> Int?
  /// The bytes of the file at `path`, refused when over the limits.
  /// - Throws: `BookError` (`.missingResource`, `.limitExceeded`, `.corruptArchive`).
  func read(_ path: String) throws -> Data
  /// At most the first `maxBytes` bytes of the file at `path`: enough to sniff it
  /// without inflating all of it.
  func readPrefix(_ path: String, maxBytes: Int) throws -> Data
  /// Hex SHA-256 identifying the container's content (see `Book.contentHash`).
  func contentHash() throws -> String
  /// The document at `path` when the container holds it already parsed (the pages an old
  /// Mobipocket book is split into); nil for files read as bytes.
  func document(_ path: String) -> MarkupElement?
}

extension ResourceContainer {
  /// Reads the whole file and keeps its beginning; containers that can stop early
  /// override this.
  package func readPrefix(_ path: String, maxBytes: Int) throws -> Data {
    try read(path).prefix(maxBytes)
  }

  /// No parsed documents: every file is read as bytes.
  package func document(_ path: String) -> MarkupElement? { nil }
}
