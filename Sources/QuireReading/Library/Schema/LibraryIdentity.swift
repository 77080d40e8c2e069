/// How Quire tells its own library files from every other SQLite database: the header's
/// `application_id` (SQLite file format §1.3.13), checked before anything is written.
///
/// `--library` pointed at another program's database must leave it byte for byte as it
/// was — no tables added, no switch to WAL — so `check` runs on a freshly opened
/// connection, before the journal mode, the migrations or the mark are touched.
enum LibraryIdentity {
  /// "Quir" in ASCII, big-endian: Quire's `application_id`.
  static let applicationID: Int32 = 0x5175_6972

  /// The tables of schema version 1: a file with all of them and no `application_id` is a
  /// Quire library made before libraries were marked.
  static let version1Tables: Set<String> = [
    "books", "positions", "position_history", "bookmarks", "highlights", "reading_sessions",
    "page_breaks",
  ]

  /// What a freshly opened file is.
  enum Finding: Equatable {
    /// Marked as Quire's.
    case marked
    /// A Quire library from before the mark, or an empty file: Quire's, to be marked.
    case unmarked
  }

  /// Reads the file's mark and tables, writing nothing.
  ///
  /// - Throws: `LibraryError` `.notALibrary` for another program's database (another
  ///   `application_id`, or tables of its own), naming what was found.
  static func check(_ database: Database) throws -> Finding {
    let found = try database.queryFirst("PRAGMA application_id") { $0.int(0) } ?? 0
    if found == Int(applicationID) { return .marked }
    let tables = Set(
      try database.query(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
      ) { $0.string(0) })
    if found == 0 && (tables.isEmpty || version1Tables.isSubset(of: tables)) {
      return .unmarked
    }
    let what =
      found != 0
      ? "its application id is \(hex(found)), not Quire's \(hex(Int(applicationID)))"
      : "it holds tables Quire does not know ("
        + tables.sorted().prefix(5).joined(separator: ", ") + ")"
    throw LibraryError(
      .notALibrary, path: database.path,
      "the file is an SQLite database of another program, not a Quire library (\(what)); "
        + "Quire leaves it untouched — give another library path")
  }

  /// Marks the file as Quire's; run inside the migration's write transaction.
  static func mark(_ database: Database) throws {
    try database.execute("PRAGMA application_id = \(applicationID)")
  }

  private static func hex(_ value: Int) -> String {
    "0x" + String(UInt32(truncatingIfNeeded: value), radix: 16, uppercase: true)
  }
}
