import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// A damaged library is salvaged, not emptied: what SQLite can still read goes into the new
/// library, the damaged file stays beside it as it was, and the notice says what came back.
@Suite struct LibrarySalvageTests {
  let folder = ScratchFolder()

  /// A library of two books with 2,005 bookmarks (every tenth with a note), highlights,
  /// positions and reading sessions.
  private func fullLibrary() throws {
    let library = try Library(path: folder.libraryPath)
    let emma = try Sample.addBook(library, "Emma").id
    let persuasion = try Sample.addBook(library, "Persuasion").id
    let words = String(repeating: "It was a truth universally acknowledged. ", count: 2)
    try library.write { database in
      for index in 0..<2005 {
        _ = try Library.insertBookmark(
          database, bookID: index.isMultiple(of: 2) ? emma : persuasion,
          locator: Locator(
            chapterIndex: index / 100, offset: index, textBefore: words, textAfter: words),
          note: index.isMultiple(of: 10) ? "note \(index)" : nil,
          createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)))
      }
    }
    for index in 0..<3 {
      try library.addHighlight(
        from: Locator(chapterIndex: 1, offset: index * 10),
        to: Locator(chapterIndex: 1, offset: index * 10 + 5), inBook: emma,
        note: index == 0 ? "a highlight's note" : nil)
    }
    try library.savePosition(Locator(chapterIndex: 2, offset: 40), forBook: emma)
    try library.savePosition(Locator(chapterIndex: 3, offset: 50), forBook: persuasion)
    for index in 0..<10 {
      let start = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3600)
      try library.recordSession(
        bookID: emma, startedAt: start, endedAt: start + 600, charactersRead: 5000,
        pagesTurned: 5)
    }
    // Everything into the main file, as after a normal close.
    try library.withDatabase { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
  }

  /// The page numbers of the bookmarks table's leaves, from SQLite's `dbstat`.
  private func bookmarkLeaves() throws -> [Int] {
    let database = try Database(path: folder.libraryPath)
    return try database.query(
      "SELECT pageno FROM dbstat WHERE name = 'bookmarks' AND pagetype = 'leaf' ORDER BY pageno"
    ) { $0.int(0) }
  }

  private func overwrite(_ range: Range<Int>) throws {
    let url = URL(fileURLWithPath: folder.libraryPath)
    var bytes = [UInt8](try Data(contentsOf: url))
    for index in range { bytes[index] = UInt8(truncatingIfNeeded: index &* 7919 &+ 13) }
    try Data(bytes).write(to: url)
  }

  @Test func anOverwrittenPageLosesOnlyItsOwnBookmarks() throws {
    try fullLibrary()
    let leaves = try bookmarkLeaves()
    try #require(leaves.count > 10)
    let page = leaves[leaves.count / 2]
    try overwrite(((page - 1) * 4096)..<(page * 4096))
    let damaged = try Data(contentsOf: URL(fileURLWithPath: folder.libraryPath))

    let opening = try Library.openRecovering(
      path: folder.libraryPath, now: Date(timeIntervalSince1970: 1_800_000_000))
    let aside = folder.libraryPath + ".corrupt-20270115T080000Z"
    #expect(opening.state == .recreated(movedTo: aside))
    #expect(FileManager.default.contents(atPath: aside) == damaged)  // kept as it was
    let report = try #require(opening.salvaged)
    // One leaf holds a few dozen bookmarks; the rest come back.
    #expect(report.bookmarks >= 1900 && report.bookmarks < 2005, "\(report)")
    #expect(report.damagedParts >= 1)
    #expect(report.books == 2)
    #expect(report.highlights == 3)
    #expect(report.positions == 2)
    #expect(report.readingSessions == 10)
    #expect(report.notes > 150)
    let books = try opening.library.books()
    #expect(Set(books.map(\.title)) == ["Emma", "Persuasion"])
    let kept = try books.map { try opening.library.bookmarks(inBook: $0.id).count }
    #expect(kept.reduce(0, +) == report.bookmarks)
    #expect(try opening.library.integrityCheck() == "ok")
    let notice = try #require(opening.notices.first)
    #expect(notice.contains("moved to \(aside)"), "\(notice)")
    let count = "\(report.bookmarks / 1000),\(String(report.bookmarks % 1000 + 1000).dropFirst())"
    #expect(notice.contains("salvaged into a new library: \(count) bookmarks, 3 highlights, "))
    #expect(notice.contains("2 reading positions and 10 reading sessions of 2 books"), "\(notice)")
  }

  @Test func aDamagedHeaderLosesNothing() throws {
    try fullLibrary()
    try overwrite(0..<100)
    let opening = try Library.openRecovering(path: folder.libraryPath, isDefaultPath: true)
    guard case .recreated = opening.state else {
      Issue.record("expected a salvaged library, got \(opening.state)")
      return
    }
    let report = try #require(opening.salvaged)
    #expect(report.bookmarks == 2005)
    #expect(report.highlights == 3)
    #expect(report.readingSessions == 10)
    #expect(report.damagedParts == 0)
    #expect(opening.notices.first?.contains("2,005 bookmarks, 3 highlights, ") == true)
  }

  /// Its header gone, a library given by path is still known as Quire's by the schema on
  /// its first page, and salvaged.
  @Test func aDamagedHeaderIsStillQuiresAtAnyPath() throws {
    try fullLibrary()
    try overwrite(0..<100)
    #expect(LibraryMark.isQuires(folder.libraryPath))
    let opening = try Library.openRecovering(path: folder.libraryPath, isDefaultPath: false)
    #expect(opening.salvaged?.bookmarks == 2005)
  }

  @Test func nothingReadableStartsEmptyAndSaysSo() throws {
    try fullLibrary()
    let size = try Data(contentsOf: URL(fileURLWithPath: folder.libraryPath)).count
    try overwrite(0..<size)
    let opening = try Library.openRecovering(path: folder.libraryPath, isDefaultPath: true)
    #expect(opening.salvaged == nil)
    #expect(try opening.library.books().isEmpty)
    #expect(opening.notices.first?.contains("nothing in it could be read") == true)
  }
}
