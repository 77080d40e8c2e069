import Foundation
import Testing

@testable import QuireReading

@Suite struct DatabaseTests {
  let folder = ScratchFolder()

  @Test func bindsAndReadsEveryType() throws {
    let database = try Database(path: folder.libraryPath)
    try database.executeScript("CREATE TABLE t (i INTEGER, d REAL, s TEXT, b BLOB, n TEXT)")
    let text = "naïve 中文 🙂 with a \u{0} NUL"
    let blob = Data([0, 1, 2, 255])
    try database.execute(
      "INSERT INTO t VALUES (?, ?, ?, ?, ?)", Int.max, 2.5, text, blob, String?.none)
    try database.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", -1, -0.25, "", Data(), "x")
    let rows = try database.query("SELECT i, d, s, b, n FROM t ORDER BY rowid") { row in
      (row.int(0), row.double(1), row.string(2), row.data(3), row.optionalString(4))
    }
    #expect(rows.count == 2)
    #expect(rows[0].0 == Int.max)
    #expect(rows[0].1 == 2.5)
    #expect(rows[0].2 == text)
    #expect(rows[0].3 == blob)
    #expect(rows[0].4 == nil)
    // Empty string and empty blob stay empty, not NULL.
    #expect(rows[1].2 == "")
    #expect(rows[1].3 == Data())
    #expect(
      try database.queryFirst("SELECT count(*) FROM t WHERE s IS NULL OR b IS NULL") {
        $0.int(0)
      } == 0)
  }

  @Test func transactionRollsBackWhenTheBodyThrows() throws {
    struct Failure: Error {}
    let database = try Database(path: folder.libraryPath)
    try database.executeScript("CREATE TABLE t (i INTEGER)")
    #expect(throws: Failure.self) {
      try database.transaction {
        try database.execute("INSERT INTO t VALUES (1)")
        throw Failure()
      }
    }
    try database.transaction {
      try database.execute("INSERT INTO t VALUES (2)")
      // A failing nested transaction undoes only its own work.
      try? database.transaction {
        try database.execute("INSERT INTO t VALUES (3)")
        throw Failure()
      }
    }
    let values = try database.query("SELECT i FROM t") { $0.int(0) }
    #expect(values == [2])
    #expect(!database.isInTransaction)
  }

  @Test func reusesPreparedStatements() throws {
    let database = try Database(path: folder.libraryPath)
    try database.executeScript("CREATE TABLE t (i INTEGER)")
    for value in 0..<50 { try database.execute("INSERT INTO t VALUES (?)", value) }
    #expect(database.cachedStatementCount == 1)
    #expect(try database.queryFirst("SELECT sum(i) FROM t") { $0.int(0) } == 1225)
  }

  @Test func errorsNameTheFileAndTheProblem() throws {
    let path = folder.path + "/not-a-library.sqlite"
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: LibraryError.self) { try Library(path: path) }
    #expect(error?.code == .corrupt)
    #expect(error?.description.hasPrefix(path + ": ") == true)

    let missing = folder.path + "/no/such/folder/library.sqlite"
    let openError = #expect(throws: LibraryError.self) { try Library(path: missing) }
    #expect(openError?.code == .cannotOpen)
    #expect(openError?.description.contains(missing) == true)
  }

  @Test func wrongArgumentCountIsAnError() throws {
    let database = try Database(path: folder.libraryPath)
    #expect(throws: LibraryError.self) { try database.execute("SELECT ?", 1, 2) }
  }
}
