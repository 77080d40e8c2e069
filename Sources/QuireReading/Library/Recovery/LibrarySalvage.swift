import Foundation

/// Copies what can still be read out of a damaged library into a new one, table by table
/// and row by row, skipping what SQLite reports as damaged.
///
/// Debian's SQLite 3.40 has its recovery extension (the shell's `.recover`) only in the
/// `sqlite3` program, not in the library, so Quire reads the damaged file the ordinary
/// way: each table in rowid order, a batch of rows at a time, through a cursor that steps
/// over a damaged page by searching for the first rowid after it that reads again. The
/// damaged file is only read, through a copy: it stays beside the new library as it was.
enum LibrarySalvage {
  /// How many rows are copied by one statement.
  static let batchSize = 256

  /// Tables not worth salvaging: the pagination cache is rebuilt on the next reading.
  static let skippedTables: Set<String> = ["page_breaks"]

  /// Copies the readable rows of the damaged file `damaged` into the library file
  /// `target`, which must already have the current schema (a new, empty library).
  ///
  /// - Returns: what was recovered, or nil when nothing in the file could be read at all
  ///   (its schema table is gone).
  static func salvage(from damaged: String, into target: String) -> SalvageReport? {
    let copy = target + ".salvage-\(getpid())"
    defer { removeCopy(copy) }
    guard DamagedFile.readableCopy(of: damaged, at: copy) else { return nil }
    do {
      let database = try Database(path: target)
      try database.execute("PRAGMA foreign_keys = OFF")
      // Lets SQLite read a file shorter than its header says (truncated) as far as it goes.
      try database.execute("PRAGMA writable_schema = ON")
      try database.execute("ATTACH DATABASE ? AS damaged", copy)
      defer { try? database.execute("DETACH DATABASE damaged") }
      var report = SalvageReport()
      // Each statement is its own transaction: SQLite ends a transaction that met a
      // damaged page in the attached file with that error at its commit, so one batch
      // that fails must not take the others with it.
      for table in try tables(in: database) {
        report.damagedParts += try copyRows(of: table, in: database)
      }
      report.orphansDropped = try dropOrphans(in: database)
      try report.count(in: database)
      return report
    } catch {
      return nil
    }
  }

  /// A table to copy: its name and the columns both files have.
  struct Table {
    var name: String
    var columns: [String]
  }

  /// The rowid tables of the new library that the damaged file has too, with their
  /// common columns (an older file has fewer). Parents come first only by chance: foreign
  /// keys are checked once everything is in.
  private static func tables(in database: Database) throws -> [Table] {
    let names = try database.query(
      "SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        + "AND sql NOT LIKE '%WITHOUT ROWID%' ORDER BY rootpage"
    ) { $0.string(0) }
    return try names.filter { !skippedTables.contains($0) }.compactMap { name in
      let wanted = try columns(of: name, in: "main", database)
      guard let found = try? columns(of: name, in: "damaged", database), !found.isEmpty else {
        return nil
      }
      let common = wanted.filter(Set(found).contains)
      return common.isEmpty ? nil : Table(name: name, columns: common)
    }
  }

  private static func columns(of table: String, in schema: String, _ database: Database) throws
    -> [String]
  {
    try database.query("SELECT name FROM pragma_table_info(?, ?)", table, schema) {
      $0.string(0)
    }
  }

  /// Copies every readable row of `table`; returns how many damaged parts were skipped.
  ///
  /// A batch is the next rowids after the cursor and the rows they name, copied by one
  /// statement. When a batch cannot be read (or reads as keys out of order, which a page
  /// of garbage gives), or a row of it fails to copy, the rows before the failure are
  /// copied one by one and the cursor moves past the damage (`firstReadable`).
  private static func copyRows(of table: Table, in database: Database) throws -> Int {
    let copier = RowCopier(table: table, database: database)
    var cursor = Int.min
    var damagedParts = 0
    while true {
      guard let batch = copier.keys(after: cursor, limit: batchSize),
        zip([cursor] + batch, batch).allSatisfy({ $0 < $1 })
      else {
        damagedParts += 1
        guard let next = copier.firstReadable(after: cursor) else { break }
        cursor = next
        continue
      }
      guard let first = batch.first, let last = batch.last else { break }
      if copier.copy(first...last) {
        guard batch.count == batchSize, last < Int.max else { break }
        cursor = last
        continue
      }
      // One row at a time, up to the first that fails; then past the damage.
      guard let failure = batch.firstIndex(where: { !copier.copy($0...$0) }) else {
        guard batch.count == batchSize else { break }
        cursor = last
        continue
      }
      damagedParts += 1
      guard let next = copier.firstReadable(after: failure == 0 ? cursor : batch[failure - 1])
      else { break }
      cursor = next
    }
    return damagedParts
  }

  /// Deletes rows whose parent row was lost (a bookmark of a book that could not be read).
  private static func dropOrphans(in database: Database) throws -> Int {
    let orphans = try database.query("PRAGMA main.foreign_key_check") {
      (table: $0.string(0), rowID: $0.int(1))
    }
    for orphan in orphans {
      try database.execute("DELETE FROM main.\(quoted(orphan.table)) WHERE rowid = ?", orphan.rowID)
    }
    return orphans.count
  }

  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  private static func removeCopy(_ copy: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: copy + suffix)
    }
  }
}

/// The statements that copy one table's rows out of the attached damaged file.
private struct RowCopier {
  let database: Database
  private let insert: String
  private let keys: String

  init(table: LibrarySalvage.Table, database: Database) {
    self.database = database
    let name = LibrarySalvage.quoted(table.name)
    let columns = table.columns.map(LibrarySalvage.quoted).joined(separator: ", ")
    insert =
      "INSERT OR IGNORE INTO main.\(name) (\(columns)) SELECT \(columns) FROM damaged.\(name) "
      + "WHERE rowid BETWEEN ? AND ?"
    keys = "SELECT rowid FROM damaged.\(name) WHERE rowid > ? ORDER BY rowid LIMIT ?"
  }

  /// The next `limit` rowids after `cursor`; nil when they cannot be read.
  func keys(after cursor: Int, limit: Int) -> [Int]? {
    try? database.query(keys, cursor, limit) { $0.int(0) }
  }

  /// Copies the rows in `rowIDs`, all or none; false when one cannot be read. Each copy is
  /// its own transaction: SQLite fails the commit of a transaction that met a damaged
  /// page in the attached file, so a failed batch must not take the others with it.
  func copy(_ rowIDs: ClosedRange<Int>) -> Bool {
    (try? database.execute(insert, rowIDs.lowerBound, rowIDs.upperBound)) != nil
  }

  /// The smallest bound after `cursor` from which the table reads again — the first row
  /// after it copies — found by doubling the step and then halving back (copying that
  /// row on the way); nil when nothing after it reads.
  /// - Complexity: O(log n) lookups, n the span of the damaged rowids.
  func firstReadable(after cursor: Int) -> Int? {
    func reads(_ bound: Int) -> Bool {
      guard let next = keys(after: bound, limit: 1) else { return false }
      guard let row = next.first else { return true }  // the end of the table
      return row > bound && copy(row...row)
    }
    var failing = cursor
    var step = 1
    var working: Int?
    while working == nil {
      let (probe, overflow) = failing.addingReportingOverflow(step)
      if overflow { return nil }
      if reads(probe) { working = probe } else { failing = probe }
      step = step > Int.max / 2 ? Int.max : step * 2
    }
    guard var high = working else { return nil }
    var low = failing
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if reads(middle) { high = middle } else { low = middle }
    }
    return high
  }
}
