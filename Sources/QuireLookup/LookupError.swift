/// Why a dictionary could not be read.
///
/// Every error names the file and says what is wrong with it ("line 12 of the index has no
/// length"), so a reader can tell which dictionary to reinstall. A damaged dictionary never
/// stops the others: `DictionaryShelf.lookUp` returns its error beside their definitions.
public struct LookupError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The kind of failure.
  public enum Code: String, Hashable, Sendable, Codable {
    /// The file could not be opened or read (missing, unreadable, not a regular file).
    case unreadable
    /// The file is not what its name says, or it is cut short or corrupt.
    case damaged
    /// The file is well formed but uses something Quire does not read (an old dictd
    /// 8-bit index, a StarDict version or data type it does not know).
    case unsupported
  }

  public let code: Code
  /// The file the error is about.
  public let path: String
  /// What is wrong, as a sentence fragment ("the RA table lists 12 chunks, the file holds 3").
  public let detail: String

  /// Creates an error.
  public init(_ code: Code, path: String, _ detail: String) {
    self.code = code
    self.path = path
    self.detail = detail
  }

  /// "PATH: DETAIL", the line shown to the reader.
  public var description: String { "\(path): \(detail)" }
}
