import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// The library under file-system faults: damaged, read-only and full. The reader must
/// keep working, the user must be told, and nothing may be silently lost.
@Suite struct LibraryFaultTests {
  let folder = ScratchFolder()

  private func position(_ offset: Int) -> Locator {
    Locator(chapterIndex: 0, offset: offset)
  }

  // MARK: - Damaged files

  /// Garbage at the reader's own library path (elsewhere it is refused as not Quire's:
  /// `LibraryOwnershipTests`).
  @Test func garbageFileIsMovedAsideAndANewLibraryStarted() throws {
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
    try garbage.write(to: URL(fileURLWithPath: folder.libraryPath))
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let opening = try Library.openRecovering(
      path: folder.libraryPath, now: now, isDefaultPath: true)
    let aside = folder.libraryPath + ".corrupt-20270115T080000Z"
    #expect(opening.state == .recreated(movedTo: aside))
    #expect(FileManager.default.contents(atPath: aside) == garbage)  // nothing lost
    let notice = try #require(opening.notices.first)
    #expect(notice.hasPrefix(folder.libraryPath + ": "))
    #expect(notice.contains("moved to \(aside)"))
    try Sample.addBook(opening.library, "Fresh")
    #expect(try opening.library.books().map(\.title) == ["Fresh"])
    #expect(!opening.library.isReadOnly)
  }

  @Test func truncatedFileIsFoundByTheCheckAndMovedAside() throws {
    do {
      let library = try Library(path: folder.libraryPath)
      let key = PaginationKey(contentHash: "big", settingsHash: "s", engineVersion: 1)
      let breaks = Dictionary(uniqueKeysWithValues: (0..<400).map { ($0, Array(0..<200)) })
      try library.storePageBreaks(breaks, for: key)
      try Sample.addBook(library, "Lost")
    }
    let url = URL(fileURLWithPath: folder.libraryPath)
    let whole = try Data(contentsOf: url)
    #expect(whole.count > 64 << 10)
    try whole.prefix(whole.count / 2).write(to: url)
    let opening = try Library.openRecovering(path: folder.libraryPath)
    guard case .recreated(let aside) = opening.state else {
      Issue.record("expected a recreated library, got \(opening.state)")
      return
    }
    #expect(FileManager.default.contents(atPath: aside)?.count == whole.count / 2)
    // The book's row is on a page the truncation left: it is salvaged.
    #expect(try opening.library.books().map(\.title) == ["Lost"], "\(opening.notices)")
  }

  @Test func healthyLibraryOpensNormally() throws {
    do { try Sample.addBook(Library(path: folder.libraryPath), "Kept") }
    let opening = try Library.openRecovering(path: folder.libraryPath)
    #expect(opening.state == .normal)
    #expect(opening.notices.isEmpty)
    #expect(try opening.library.books().map(\.title) == ["Kept"])
  }

  @Test func newerLibraryIsNeverMovedAside() throws {
    do {
      let library = try Library(path: folder.libraryPath)
      try library.withDatabase { try $0.execute("PRAGMA user_version = 99") }
    }
    let error = #expect(throws: LibraryError.self) {
      try Library.openRecovering(path: folder.libraryPath)
    }
    #expect(error?.code == .newerSchema)
    #expect(FileManager.default.fileExists(atPath: folder.libraryPath))
  }

  // MARK: - Read-only

  @Test(.enabled(if: ScratchMount.isAvailable, ScratchMount.skipMessage))
  func readOnlyFileSystemOpensReadOnlyAndReadsKeepWorking() throws {
    let mount = try ScratchMount(size: "1m")
    let path = mount.path + "/library.sqlite"
    let bookID: Int
    do {
      let library = try Library(path: path)
      bookID = try Sample.addBook(library, "Emma").id
      try library.savePosition(position(1234), forBook: bookID)
    }
    try mount.makeReadOnly()
    let opening = try Library.openRecovering(path: path)
    #expect(opening.state == .readOnly)
    #expect(opening.library.isReadOnly)
    #expect(opening.notices.first?.contains("read-only") == true)
    #expect(opening.notices.first?.hasPrefix(path + ": ") == true)
    // Reads work; writes fail cleanly with LibraryError, and reads still work after.
    #expect(try opening.library.books().map(\.title) == ["Emma"])
    #expect(try opening.library.currentPosition(ofBook: bookID)?.locator.offset == 1234)
    let error = #expect(throws: LibraryError.self) {
      try opening.library.savePosition(position(99), forBook: bookID)
    }
    #expect(error?.code == .readOnly)
    // Said in words, never as SQLite's "disk I/O error".
    #expect(error?.detail == "cannot save: the file system holding \(mount.path) is read-only")
    #expect(try opening.library.currentPosition(ofBook: bookID)?.locator.offset == 1234)
    // Nothing was created beside it (the read-only open is an immutable one).
    #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
  }

  @Test(.enabled(if: ScratchMount.isAvailable, ScratchMount.skipMessage))
  func readOnlyFolderWithoutALibraryFallsBackToMemory() throws {
    let mount = try ScratchMount(size: "64k")
    try mount.makeReadOnly()
    let path = mount.path + "/library.sqlite"
    let opening = try Library.openRecovering(path: path)
    #expect(opening.state == .inMemory)
    #expect(opening.notices.first?.contains("nothing will be saved") == true)
    try Sample.addBook(opening.library, "Session only")
    #expect(try opening.library.books().count == 1)
  }

  // MARK: - Full disk

  @Test func fullDatabaseFailsWritesCleanlyAndKeepsReads() throws {
    let library = try Library(path: folder.libraryPath)
    let book = try Sample.addBook(library, "Emma")
    try library.savePosition(position(10), forBook: book.id)
    // SQLite's own size cap: no page may be added, as on a full disk.
    try library.withDatabase { database in
      let pages = try database.queryFirst("PRAGMA page_count") { $0.int(0) } ?? 0
      _ = try database.queryFirst("PRAGMA max_page_count = \(pages)") { $0.int(0) }
    }
    let error = #expect(throws: LibraryError.self) { try fill(library) }
    #expect(error?.code == .diskFull)
    #expect(error?.description.hasPrefix(folder.libraryPath + ": ") == true)
    #expect(try library.books().map(\.title) == ["Emma"])
    #expect(try library.currentPosition(ofBook: book.id)?.locator.offset == 10)
    #expect(try library.integrityCheck() == "ok")
  }

  @Test(.enabled(if: ScratchMount.isAvailable, ScratchMount.skipMessage))
  func fullFileSystemFailsWritesCleanlyAndRecovers() throws {
    let mount = try ScratchMount(size: "512k")
    let path = mount.path + "/library.sqlite"
    let library = try Library(path: path)
    let book = try Sample.addBook(library, "Emma")
    try library.savePosition(position(10), forBook: book.id)
    let filler = mount.path + "/filler"
    fillFileSystem(at: filler)
    let error = #expect(throws: LibraryError.self) { try fill(library) }
    #expect(error?.code == .diskFull)
    #expect(try library.books().map(\.title) == ["Emma"])
    #expect(try library.currentPosition(ofBook: book.id)?.locator.offset == 10)
    // Space freed: writing works again, and nothing was damaged.
    try FileManager.default.removeItem(atPath: filler)
    try library.savePosition(position(20), forBook: book.id)
    #expect(try library.currentPosition(ofBook: book.id)?.locator.offset == 20)
    #expect(try library.integrityCheck() == "ok")
  }

  /// A library opened when the disk is already full (SQLite says "disk I/O error" as it
  /// cannot make its -shm file): it opens read-only, reads work, and a write says the
  /// disk is full; once space is freed it opens for writing again.
  @Test(.enabled(if: ScratchMount.isAvailable, ScratchMount.skipMessage))
  func libraryOpenedOnAFullDiskSaysSo() throws {
    let mount = try ScratchMount(size: "256k")
    let path = mount.path + "/library.sqlite"
    let bookID: Int
    do {
      let library = try Library(path: path)
      bookID = try Sample.addBook(library, "Emma").id
      try library.savePosition(position(77), forBook: bookID)
    }
    let filler = mount.path + "/filler"
    fillFileSystem(at: filler)
    let opening = try Library.openRecovering(path: path)
    #expect(opening.state == .readOnly)
    #expect(opening.reason == "the disk is full")
    #expect(try opening.library.books().map(\.title) == ["Emma"])
    #expect(try opening.library.currentPosition(ofBook: bookID)?.locator.offset == 77)
    let error = #expect(throws: LibraryError.self) {
      try opening.library.savePosition(position(78), forBook: bookID)
    }
    #expect(error?.detail == "cannot save: the disk is full")
    try FileManager.default.removeItem(atPath: filler)
    let again = try Library.openRecovering(path: path)
    #expect(again.state == .normal)
    try again.library.savePosition(position(79), forBook: bookID)
  }

  /// Writes pagination-cache rows until a write fails.
  private func fill(_ library: Library) throws {
    let breaks = Dictionary(uniqueKeysWithValues: (0..<200).map { ($0, Array(0..<300)) })
    for round in 0..<200 {
      let key = PaginationKey(contentHash: "h\(round)", settingsHash: "s", engineVersion: 1)
      try library.storePageBreaks(breaks, for: key)
    }
  }

  /// Writes a file until the file system is full.
  private func fillFileSystem(at path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else { return }
    let chunk = Data(repeating: 0x55, count: 4096)
    while (try? handle.write(contentsOf: chunk)) != nil {}
    try? handle.close()
  }
}
