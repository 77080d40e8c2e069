import Foundation
import QuireBook
import QuireReading
import Testing

@testable import QuireCLI

/// `quire library add|list|remove` on a temporary library with copies of corpus books.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct LibraryCommandTests {
  /// A folder of three good books (TXT, EPUB, unpacked EPUB), a broken EPUB and a note.
  func bookFolder(_ workspace: LibraryWorkspace) throws -> String {
    try workspace.alice()
    try workspace.copy(Corpus.path("epub/idpf-childrens-literature.epub"), into: "books/epub")
    let handbook = try #require(CommandContext.standard.handbookPath)
    try workspace.copy(handbook, into: "books/epub")
    try workspace.copy(Corpus.path("bad/truncated.epub"))
    try "not a book".write(
      toFile: workspace.path + "/books/notes.md", atomically: true, encoding: .utf8)
    return workspace.path + "/books"
  }

  @Test func addAFolderReportsTheBrokenBookAndFails() throws {
    let workspace = LibraryWorkspace()
    let folder = try bookFolder(workspace)
    let result = workspace.run(["library", "add", folder])
    #expect(result.status == 1)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines.filter { $0.hasPrefix("added") }.count == 3)
    #expect(lines.contains { $0.hasSuffix("The Quire Handbook — The Quire developers") })
    #expect(lines.last == "3 books added, 1 failed.")
    #expect(result.standardError.contains("skipped \(folder)/truncated.epub: "))
    #expect(result.standardError.contains("1 of 4 books could not be added"))
    #expect(!result.standardError.contains("notes.md"))
    #expect(!result.standardError.contains("\r"), "no progress line when not on a terminal")

    let again = workspace.run(["library", "add", try workspace.alice()])
    #expect(again.status == 0)
    #expect(again.standardOutput.hasSuffix("0 books added, 1 already in the library.\n"))
    #expect(try workspace.library().books().count == 3)
  }

  @Test func listSortsAndShowsProgress() throws {
    let workspace = LibraryWorkspace()
    _ = workspace.run(["library", "add", try bookFolder(workspace)])
    let library = try workspace.library()
    let alice = try #require(try library.books().first { $0.format == "TXT (UTF-8)" })
    try library.savePosition(
      Locator(chapterIndex: 5, offset: 0, totalProgression: 0.42), forBook: alice.id)

    let byTitle = workspace.run(["library", "list", "--sort", "title"])
    #expect(byTitle.status == 0)
    let rows = byTitle.standardOutput.split(separator: "\n")
    #expect(rows.first?.hasPrefix("ID  TITLE") == true)
    let titles = rows.dropFirst().map { String($0.dropFirst(4).prefix(22)) }
    #expect(
      titles.map { $0.trimmingCharacters(in: .whitespaces) } == [
        "Alice’s Adventures in", "Children's Literature", "The Quire Handbook",
      ])
    #expect(rows[1].contains("TXT (UTF-8)") && rows[1].contains("42%"))
    #expect(rows.allSatisfy { DisplayWidth.of($0) <= 80 })

    let byProgress = workspace.run(["library", "list", "--sort=progress", "--json"])
    let entries = try JSONDecoder().decode(
      [LibraryListing.Entry].self, from: Data(byProgress.standardOutput.utf8))
    #expect(entries.map(\.id).first == alice.id)
    #expect(entries.first?.progress == 0.42)
    #expect(entries.count == 3)
    #expect(workspace.run(["library", "list", "--sort", "size"]).status == 2)
  }

  @Test func removeByIdAndByPath() throws {
    let workspace = LibraryWorkspace()
    _ = workspace.run(["library", "add", try bookFolder(workspace)])
    let books = try workspace.library().books(sortedBy: .title)
    let removed = workspace.run(["library", "remove", String(books[1].id)])
    #expect(removed.status == 0)
    #expect(removed.standardOutput == "Removed \(books[1].id): Children's Literature\n")
    #expect(workspace.run(["library", "remove", try workspace.alice()]).status == 0)
    #expect(try workspace.library().books().map(\.title) == ["The Quire Handbook"])
    let missing = workspace.run(["library", "remove", "99"])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("there is no book with id 99"))
  }

  @Test func emptyLibraryAndUsageErrors() {
    let workspace = LibraryWorkspace()
    let list = workspace.run(["library", "list"])
    #expect(list.standardOutput.hasPrefix("The library is empty."))
    #expect(workspace.run(["library", "add"]).status == 2)
    #expect(workspace.run(["library", "shelve"]).status == 2)
    #expect(workspace.run(["library", "add", workspace.path + "/nothing-here"]).status == 1)
  }

  @Test func findsUnpackedEPUBFoldersWithoutLookingInside() throws {
    let workspace = LibraryWorkspace()
    let folder = try bookFolder(workspace)
    let files = LibraryAddition.booksInFolder(folder).map {
      String($0.dropFirst(folder.count + 1))
    }
    #expect(
      files == [
        "alice-in-wonderland_pg11_utf8.txt", "epub/Handbook", "epub/idpf-childrens-literature.epub",
        "truncated.epub",
      ])
  }

  @Test func libraryPathComesFromTheOptionThenTheEnvironment() {
    let environment = ["QUIRE_LIBRARY": "/env/lib.sqlite", "XDG_DATA_HOME": "/data", "HOME": "/h"]
    #expect(
      LibraryAccess.path(option: "/opt/l.sqlite", environment: environment) == "/opt/l.sqlite")
    #expect(LibraryAccess.path(option: nil, environment: environment) == "/env/lib.sqlite")
    #expect(
      LibraryAccess.path(option: nil, environment: ["XDG_DATA_HOME": "/data"])
        == "/data/quire/library.sqlite")
    #expect(
      LibraryAccess.path(option: nil, environment: ["HOME": "/h"])
        == "/h/.local/share/quire/library.sqlite")
  }
}
