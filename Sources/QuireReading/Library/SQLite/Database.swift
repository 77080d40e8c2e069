import CSQLite
import Foundation
import QuireBook

/// One SQLite connection: owns the `sqlite3*` handle and a cache of prepared statements.
///
/// Not thread-safe by itself: `Library` serialises every use behind a mutex, which is
/// also why the connection is opened with `SQLITE_OPEN_NOMUTEX` (SQLite's own per-call
/// mutex would only repeat that work). Every statement is reset right after use, so no
/// read transaction stays open between calls (an open one would pin an old snapshot and
/// stop WAL checkpoints).
final class Database {
  /// The database file, named in every error.
  let path: String
  private let handle: OpaquePointer
  private var statements: [String: OpaquePointer] = [:]

  /// Opens (creating if needed) the database at `path`.
  ///
  /// - Parameters:
  ///   - busyTimeout: how long a statement waits for another connection's lock before
  ///     failing with `LibraryError.Code.busy`.
  ///   - access: `.readOnly` never creates or writes the file; `.immutable` also tells
  ///     SQLite the file cannot change (for a read-only file system, where a WAL
  ///     database's shared-memory file cannot be created).
  init(
    path: String, busyTimeout: Duration = .seconds(5), access: Access = .readWrite
  ) throws(LibraryError) {
    self.path = path
    var connection: OpaquePointer?
    var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    var name = path
    switch access {
    case .readWrite: break
    case .readOnly: flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
    case .immutable:
      flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
      name = "file:" + Self.uriEscaped(path) + "?immutable=1"
    }
    // A file name that is not UTF-8 reaches SQLite as its own bytes (`PathName`).
    let code = PathName.withCString(name) { sqlite3_open_v2($0, &connection, flags, nil) }
    guard code == SQLITE_OK, let connection else {
      let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(connection)
      throw LibraryError(sqliteCode: code, message: message, path: path, opening: true)
    }
    handle = connection
    sqlite3_extended_result_codes(handle, 1)
    let milliseconds =
      busyTimeout.components.seconds * 1000
      + busyTimeout.components.attoseconds / 1_000_000_000_000_000
    sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
  }

  /// How a connection may use its file.
  enum Access: Sendable {
    case readWrite
    case readOnly
    case immutable
  }

  /// `path` with the characters a URI filename gives meaning to percent-escaped.
  private static func uriEscaped(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"):
        result += "%" + String(byte, radix: 16, uppercase: true)
      default: result += String(decoding: [byte], as: UTF8.self)
      }
    }
    return result
  }

  /// Whether the connection cannot write (`sqlite3_db_readonly`).
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  // MARK: - Running statements

  /// Runs one statement to completion, discarding any rows.
  func execute(_ sql: String, _ arguments: any SQLiteBindable...) throws {
    try execute(sql, arguments: arguments)
  }

  /// Runs one statement with an argument array to completion, discarding any rows.
  func execute(_ sql: String, arguments: [any SQLiteBindable]) throws {
    try withStatement(sql, arguments) { statement in
      while try step(statement) {}
    }
  }

  /// Runs several `;`-separated statements without arguments (schema scripts, pragmas).
  func executeScript(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    if code != SQLITE_OK {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_free(message)
      throw LibraryError(sqliteCode: code, message: text, path: path)
    }
  }

  /// Runs a query and maps every result row.
  func query<T>(
    _ sql: String, _ arguments: any SQLiteBindable..., map: (Row) throws -> T
  ) throws -> [T] {
    try query(sql, arguments, map: map)
  }

  /// Runs a query with an argument array and maps every result row.
  func query<T>(
    _ sql: String, _ arguments: [any SQLiteBindable], map: (Row) throws -> T
  ) throws -> [T] {
    try withStatement(sql, arguments) { statement in
      var rows: [T] = []
      while try step(statement) { rows.append(try map(Row(statement))) }
      return rows
    }
  }

  /// Runs a query and maps its first row, if any.
  func queryFirst<T>(
    _ sql: String, _ arguments: any SQLiteBindable..., map: (Row) throws -> T
  ) throws -> T? {
    try withStatement(sql, arguments) { statement in
      try step(statement) ? try map(Row(statement)) : nil
    }
  }

  /// The rowid of the last row inserted on this connection.
  var lastInsertRowID: Int { Int(sqlite3_last_insert_rowid(handle)) }

  /// How many rows the last INSERT, UPDATE or DELETE changed.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// Whether a transaction is open on this connection.
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  // MARK: - Statement cache

  /// Number of prepared statements kept for reuse.
  ///
  /// The cache is keyed by SQL text and never evicts: the library's SQL is a fixed set of
  /// string literals (a few dozen statements), so it stays small.
  var cachedStatementCount: Int { statements.count }

  /// Binds `arguments` to the cached statement for `sql`, runs `body`, and resets it.
  private func withStatement<T>(
    _ sql: String, _ arguments: [any SQLiteBindable], _ body: (OpaquePointer) throws -> T
  ) throws -> T {
    let statement = try prepared(sql)
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }
    let expected = Int(sqlite3_bind_parameter_count(statement))
    guard expected == arguments.count else {
      throw LibraryError(
        .internal, path: path,
        "statement takes \(expected) arguments, \(arguments.count) given: \(sql)")
    }
    for (index, argument) in arguments.enumerated() {
      let code = argument.bind(to: statement, at: Int32(index + 1))
      if code != SQLITE_OK { throw error(code) }
    }
    return try body(statement)
  }

  private func prepared(_ sql: String) throws(LibraryError) -> OpaquePointer {
    if let statement = statements[sql] { return statement }
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else { throw error(code) }
    statements[sql] = statement
    return statement
  }

  /// Steps a statement: true when a row is ready, false when it is done.
  private func step(_ statement: OpaquePointer) throws(LibraryError) -> Bool {
    switch sqlite3_step(statement) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw error(code)
    }
  }

  /// The `LibraryError` for a failed call on this connection.
  func error(_ code: Int32) -> LibraryError {
    LibraryError(sqliteCode: code, message: String(cString: sqlite3_errmsg(handle)), path: path)
  }
}
