package import Foundation

/// The files of an EPUB, wherever they are kept: a ZIP archive or an unpacked folder.
///
/// Paths are package paths ("OEBPS/chapter-1.xhtml"): relative, "/"-separated, never
/// with ".." or a leading "/". Implementations enforce `ImportLimits` on every read and
/// never write anything to disk.
package protocol ResourceContainer: Sendable {
  /// Every file path in the container.
  var entryNames: [String] { get }
  /// Whether `path` names a file in the container.
  func contains(_ path: String) -> Bool
  /// The bytes of the file at `path`, refused when over the limits.
  /// - Throws: `BookError` (`.missingResource`, `.limitExceeded`, `.corruptArchive`).
  func read(_ path: String) throws -> Data
}
