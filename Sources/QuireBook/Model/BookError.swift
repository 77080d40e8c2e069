/// Why a book could not be opened or a part of it read.
///
/// Every error names the file (and the entry inside an archive, when there is one) and
/// says what is wrong in words a reader can act on.
public struct BookError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure, for callers that react differently to each.
  public enum Code: String, Hashable, Sendable {
    case fileNotFound
    /// The path names a FIFO, a socket or a device: never opened, never read.
    case notAFile
    case unreadable
    case emptyFile
    case notText
    case unsupportedFormat
    case corruptArchive
    case limitExceeded
    case unsafeEntryName
    case invalidPackage
    case missingResource
    case malformedDocument
    /// The book is encrypted with DRM (a Kindle book bought from a store): never shown
    /// as the garbage its decompressed bytes would be.
    case protectedByDRM
  }

  public let code: Code
  /// The book's path as the user gave it.
  public let path: String
  /// The entry inside an archive or folder, when the problem is in one.
  public let entry: String?
  /// What is wrong, as a sentence fragment ("the ZIP central directory is missing").
  public let detail: String

  /// Creates an error.
  public init(_ code: Code, path: String, entry: String? = nil, _ detail: String) {
    self.code = code
    self.path = path
    self.entry = entry
    self.detail = detail
  }

  /// "PATH: ENTRY: DETAIL", the line printed to the user.
  public var description: String {
    if let entry { return "\(path): \(entry): \(detail)" }
    return "\(path): \(detail)"
  }
}

/// A problem that did not stop the import: the book opened, but part of it is degraded.
public struct ImportWarning: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The entry inside the book the warning is about, if any.
  public var entry: String?
  public var message: String

  /// Creates a warning.
  public init(entry: String? = nil, _ message: String) {
    self.entry = entry
    self.message = message
  }

  public var description: String {
    if let entry { return "\(entry): \(message)" }
    return message
  }
}
