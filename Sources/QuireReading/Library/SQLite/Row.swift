import CSQLite
import Foundation

/// The current result row of a stepping statement, read by 0-based column index.
///
/// A `Row` is valid only inside the closure it is passed to (`Database.query`): the next
/// step or reset of the statement invalidates it. Reading a column as a type other than
/// the stored one follows SQLite's conversions (NULL reads as 0, "" or empty data); use
/// the optional readers where NULL means something.
struct Row {
  fileprivate let statement: OpaquePointer

  init(_ statement: OpaquePointer) {
    self.statement = statement
  }

  /// Whether the column holds NULL.
  func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(statement, column) == SQLITE_NULL
  }

  func int(_ column: Int32) -> Int {
    Int(sqlite3_column_int64(statement, column))
  }

  func double(_ column: Int32) -> Double {
    sqlite3_column_double(statement, column)
  }

  func bool(_ column: Int32) -> Bool {
    sqlite3_column_int64(statement, column) != 0
  }

  func string(_ column: Int32) -> String {
    guard let text = sqlite3_column_text(statement, column) else { return "" }
    let count = Int(sqlite3_column_bytes(statement, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  func data(_ column: Int32) -> Data {
    guard let bytes = sqlite3_column_blob(statement, column) else { return Data() }
    return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, column)))
  }

  func optionalInt(_ column: Int32) -> Int? {
    isNull(column) ? nil : int(column)
  }

  func optionalDouble(_ column: Int32) -> Double? {
    isNull(column) ? nil : double(column)
  }

  func optionalString(_ column: Int32) -> String? {
    isNull(column) ? nil : string(column)
  }

  func optionalData(_ column: Int32) -> Data? {
    isNull(column) ? nil : data(column)
  }
}
