import CSQLite
import Foundation

/// A Swift value that can be bound to a `?` parameter of a prepared statement.
///
/// Conformances: `Int`, `Double`, `Bool` (0/1), `String`, `Data` (a blob), and `Optional`
/// of any of them (nil binds NULL).
protocol SQLiteBindable {
  /// Binds the value to parameter `index` (1-based) of `statement`; returns SQLite's code.
  func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

/// `SQLITE_TRANSIENT`: SQLite copies the bytes before the bind call returns.
///
/// The C macro is `((sqlite3_destructor_type)-1)`, which Swift cannot import; the bit
/// pattern -1 cast to the function-pointer type is the same value. Computed, not stored,
/// because a global C function pointer is not `Sendable`.
private var sqliteTransient: sqlite3_destructor_type {
  unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

extension Int: SQLiteBindable {
  func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_int64(statement, index, Int64(self))
  }
}

extension Double: SQLiteBindable {
  func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_double(statement, index, self)
  }
}

extension Bool: SQLiteBindable {
  func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    sqlite3_bind_int64(statement, index, self ? 1 : 0)
  }
}

extension String: SQLiteBindable {
  func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    var text = self
    return text.withUTF8 { bytes in
      // A nil pointer would bind NULL, so an empty string binds a zero-length blob of text.
      guard let base = bytes.baseAddress, !bytes.isEmpty else {
        return sqlite3_bind_text(statement, index, "", 0, sqliteTransient)
      }
      return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        sqlite3_bind_text64(
          statement, index, $0, sqlite3_uint64(bytes.count), sqliteTransient,
          UInt8(SQLITE_UTF8))
      }
    }
  }
}

extension Data: SQLiteBindable {
  func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    // A nil pointer would bind NULL, so an empty blob is bound as a zero-length zeroblob.
    guard !isEmpty else { return sqlite3_bind_zeroblob(statement, index, 0) }
    return withUnsafeBytes { bytes in
      sqlite3_bind_blob64(
        statement, index, bytes.baseAddress, sqlite3_uint64(bytes.count), sqliteTransient)
    }
  }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
  func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
    switch self {
    case .some(let value): value.bind(to: statement, at: index)
    case .none: sqlite3_bind_null(statement, index)
    }
  }
}
