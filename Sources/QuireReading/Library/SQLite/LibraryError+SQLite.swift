import CSQLite

/// `SQLITE_CONSTRAINT_FOREIGNKEY`, `(SQLITE_CONSTRAINT | (3 << 8))`: a macro Swift does not
/// import.
private let constraintForeignKey = SQLITE_CONSTRAINT | (3 << 8)

extension LibraryError {
  /// Converts an SQLite result code and message into the error a user can act on.
  init(sqliteCode code: Int32, message: String, path: String, opening: Bool = false) {
    switch code & 0xFF {
    case SQLITE_BUSY, SQLITE_LOCKED:
      self.init(
        .busy, path: path,
        "another Quire process kept the library locked for more than 5 s; close it and retry")
    case SQLITE_CORRUPT, SQLITE_NOTADB:
      self.init(
        .corrupt, path: path,
        "the file is damaged or is not an SQLite database (\(message))")
    case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
      self.init(
        .cannotOpen, path: path,
        "cannot open the library (\(message)); check that its folder exists and is writable")
    case SQLITE_READONLY:
      self.init(.readOnly, path: path, "the library is read-only (\(message))")
    case SQLITE_FULL:
      self.init(.diskFull, path: path, "the disk is full; free some space and retry")
    case SQLITE_IOERR where LibraryWritability.diskIsFull(path):
      self.init(.diskFull, path: path, "the disk is full; free some space and retry")
    case SQLITE_IOERR:
      self.init(.ioError, path: path, "the system reported an I/O error (\(message))")
    case SQLITE_CONSTRAINT where code == constraintForeignKey:
      self.init(.notFound, path: path, "the book is not in the library")
    default:
      let what = opening ? "cannot open the library" : "SQLite error"
      self.init(.internal, path: path, "\(what) \(code): \(message)")
    }
  }
}
