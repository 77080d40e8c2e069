import Foundation
import QuireBook
import Testing

@testable import QuireReading

/// Recovery moves aside only what is Quire's: a file with Quire's mark, or the default
/// library path. A text file, a damaged file of another program or a FIFO given as the
/// library is refused and left byte for byte as it was.
@Suite struct LibraryOwnershipTests {
  let folder = ScratchFolder()

  private var notes: String { folder.path + "/notes.txt" }

  @Test func aTextFileIsRefusedAndKept() throws {
    let text = Data("Buy milk.\nCall Ada about the garden.\n".utf8)
    try text.write(to: URL(fileURLWithPath: notes))
    let error = #expect(throws: LibraryError.self) {
      try Library.openRecovering(path: notes, isDefaultPath: false)
    }
    #expect(error?.code == .notALibrary)
    #expect(error?.description.hasPrefix(notes + ": the file is not a Quire library") == true)
    #expect(error?.detail.contains("not an SQLite database") == true)
    #expect(FileManager.default.contents(atPath: notes) == text)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names == ["notes.txt"], "nothing moved or created beside it: \(names)")
  }

  @Test func aDamagedUnmarkedSQLiteFileIsRefusedAndKept() throws {
    let other = folder.path + "/photos.db"
    do {
      let database = try Database(path: other)
      try database.executeScript(
        "CREATE TABLE photos (name TEXT); INSERT INTO photos VALUES ('beach');")
    }
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: other)))
    for index in 100..<bytes.count { bytes[index] = 0xA5 }
    try Data(bytes).write(to: URL(fileURLWithPath: other))
    let error = #expect(throws: LibraryError.self) {
      try Library.openRecovering(path: other, isDefaultPath: false)
    }
    #expect(error?.code == .notALibrary)
    #expect(error?.detail.contains("a damaged SQLite file without Quire's mark") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == Data(bytes))
  }

  @Test func theDefaultPathIsRecoveredWhateverItHolds() throws {
    try Data("not a database at all, at Quire's own place".utf8).write(
      to: URL(fileURLWithPath: folder.libraryPath))
    let opening = try Library.openRecovering(path: folder.libraryPath, isDefaultPath: true)
    guard case .recreated(let aside) = opening.state else {
      Issue.record("expected the default library to be moved aside, got \(opening.state)")
      return
    }
    #expect(FileManager.default.fileExists(atPath: aside))
    #expect(try opening.library.books().isEmpty)
  }

  @Test func aDamagedMarkedLibraryIsRecoveredAtAnyPath() throws {
    let path = folder.path + "/mine.sqlite"
    do {
      let library = try Library(path: path)
      try Sample.addBook(library, "Emma")
      try library.withDatabase { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
    }
    #expect(LibraryMark.isQuires(path))
    let size = try Data(contentsOf: URL(fileURLWithPath: path)).count
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    try handle.seek(toOffset: UInt64(size - 4096))
    try handle.write(contentsOf: Data(repeating: 0xEE, count: 4096))
    try handle.close()
    let opening = try Library.openRecovering(path: path, isDefaultPath: false)
    guard case .recreated = opening.state else {
      Issue.record("expected a recovered library, got \(opening.state)")
      return
    }
  }

  @Test func aFIFOIsRefusedAtOnce() throws {
    let fifo = folder.path + "/pipe"
    try #require(mkfifo(fifo, 0o600) == 0)
    let started = ContinuousClock.now
    let error = #expect(throws: LibraryError.self) {
      try Library.openRecovering(path: fifo, isDefaultPath: false)
    }
    #expect(ContinuousClock.now - started < .seconds(1))
    #expect(error?.code == .notALibrary)
    #expect(error?.detail.contains("a FIFO") == true)
    #expect(throws: LibraryError.self) { try Library(path: fifo) }
  }

  @Test func aFolderIsRefused() throws {
    let error = #expect(throws: LibraryError.self) {
      try Library.openRecovering(path: folder.path, isDefaultPath: false)
    }
    #expect(error?.detail.contains("a folder") == true)
  }
}
