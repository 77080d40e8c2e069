/// Why a library operation failed.
///
/// Every error names the database file and says what is wrong in words a user can act on
/// ("another Quire process kept the library locked for more than 5 s"). SQLite result
/// codes are converted to this type where they arise, in `Library/SQLite/`.
public struct LibraryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure, for callers that react differently to each.
  public enum Code: String, Hashable, Sendable {
    /// The file or its folder could not be opened or created.
    case cannotOpen
    /// Another process held the database locked for longer than the busy timeout.
    case busy
    /// The file is not an SQLite database, or it is damaged.
    case corrupt
    /// The file or its folder is read-only.
    case readOnly
    /// The disk is full.
    case diskFull
    /// The operating system reported an I/O error.
    case ioError
    /// The file is another program's SQLite database; it was left untouched.
    case notALibrary
    /// The database was written by a newer Quire whose schema this one does not know.
    case newerSchema
    /// The book, bookmark or highlight named by an id is not in the library.
    case notFound
    /// Another library entry already holds this content hash.
    case duplicateBook
    /// A value passed in is out of range (an end before a start, a negative count).
    case invalidValue
    /// An annotations export could not be read.
    case invalidExport
    /// Anything else SQLite reported: a bug in Quire rather than a user problem.
    case `internal`
  }

  public let code: Code
  /// The database file the error is about.
  public let path: String
  /// What is wrong, as a sentence fragment ("the file is not a Quire library").
  public let detail: String

  /// Creates an error.
  public init(_ code: Code, path: String, _ detail: String) {
    self.code = code
    self.path = path
    self.detail = detail
  }

  /// "PATH: DETAIL", the line printed to the user.
  public var description: String { "\(path): \(detail)" }
}
