import Foundation
import QuireBook
import QuireReading
import Testing

@testable import QuireCLI

/// The library commands when the library is damaged or unusable: a write fails with the
/// damage and changes nothing; a search of a book file needs no library at all.
@Suite struct LibraryStateCommandTests {
  static let text = """
    Pride and Prejudice

    by Jane Austen


    CHAPTER I.

    It is a truth universally acknowledged, that a single man in possession of a good
    fortune, must be in want of a wife.

    """

  private func book(in workspace: LibraryWorkspace) throws -> String {
    let path = workspace.path + "/pride.txt"
    try Self.text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// A library whose pages past the first are overwritten with garbage: it opens, but
  /// `PRAGMA quick_check` finds the damage.
  private func damagedLibrary(_ workspace: LibraryWorkspace, book: String) throws {
    #expect(workspace.run(["bookmarks", book, "add", "--chapter", "2"]).status == 0)
    do {
      let library = try workspace.library()
      let key = PaginationKey(contentHash: "big", settingsHash: "s", engineVersion: 1)
      let breaks = Dictionary(uniqueKeysWithValues: (0..<200).map { ($0, Array(0..<200)) })
      try library.storePageBreaks(breaks, for: key)
    }
    let url = URL(fileURLWithPath: workspace.libraryPath)
    var bytes = [UInt8](try Data(contentsOf: url))
    try #require(bytes.count > 64 << 10)
    for index in (bytes.count / 3)..<(bytes.count * 2 / 3) {
      bytes[index] = UInt8(truncatingIfNeeded: index &* 7919)
    }
    try Data(bytes).write(to: url)
  }

  @Test func writeIntoADamagedLibraryFailsWithTheDamageAndChangesNothing() throws {
    let workspace = LibraryWorkspace()
    let book = try book(in: workspace)
    try damagedLibrary(workspace, book: book)
    let before = try SHA256.hexDigest(ofFileAt: workspace.libraryPath)
    let added = workspace.run(["bookmarks", book, "add", "--chapter", "2", "--note", "kept?"])
    #expect(added.status == 1)
    #expect(!added.standardOutput.contains("Added bookmark"), "\(added.standardOutput)")
    #expect(
      added.standardError.hasPrefix("quire: \(workspace.libraryPath): ")
        && added.standardError.contains("damaged"),
      "\(added.standardError)")
    #expect(try SHA256.hexDigest(ofFileAt: workspace.libraryPath) == before)
    let names = try FileManager.default.contentsOfDirectory(atPath: workspace.path)
    #expect(!names.contains { $0.contains(".corrupt-") }, "a write does not move it aside")
  }

  /// A library the user named is only read by a command that reads: damaged, it is left
  /// as it was and the message says how to salvage it; `library salvage` does.
  @Test func aNamedDamagedLibraryIsSalvagedOnlyWhenAsked() throws {
    let workspace = LibraryWorkspace()
    let book = try book(in: workspace)
    try damagedLibrary(workspace, book: book)
    let before = try SHA256.hexDigest(ofFileAt: workspace.libraryPath)
    let listed = workspace.run(["library", "list"])
    #expect(listed.status == 1)
    #expect(
      listed.standardError.contains(
        "nothing was changed. 'quire library salvage --library \(workspace.libraryPath)'"),
      "\(listed.standardError)")
    #expect(try SHA256.hexDigest(ofFileAt: workspace.libraryPath) == before)

    let salvaged = workspace.run(["library", "salvage"])
    #expect(salvaged.status == 0, "\(salvaged.standardError)")
    #expect(
      salvaged.standardError.contains("salvaged into a new library: 1 bookmark, 0 highlights"),
      "\(salvaged.standardError)")
    #expect(salvaged.standardOutput.hasSuffix("the library is in good order.\n"))
    let names = try FileManager.default.contentsOfDirectory(atPath: workspace.path)
    let aside = try #require(names.first { $0.hasPrefix("library.sqlite.corrupt-") })
    #expect(try SHA256.hexDigest(ofFileAt: workspace.path + "/" + aside) == before)
    let bookmarks = workspace.run(["bookmarks", book])
    #expect(bookmarks.standardOutput.contains("chapter 2"), "\(bookmarks.standardOutput)")
  }

  @Test func searchingABookFileNeedsNoLibrary() throws {
    let workspace = LibraryWorkspace()
    let book = try book(in: workspace)
    // Another program's database: no library to take page numbers from.
    let foreign = workspace.path + "/other.sqlite"
    try Data("SQLite format 3\u{0}".utf8 + [UInt8](repeating: 0, count: 84)).write(
      to: URL(fileURLWithPath: foreign))
    for library in [foreign, workspace.path + "/no-such-folder/library.sqlite"] {
      let result = runQuire(["search", book, "truth", "--library", library])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput.hasSuffix("1 match in 1 chapter.\n"))
    }
  }
}
