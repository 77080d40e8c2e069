import Foundation
import QuireBook
import QuireReading
import Testing

@testable import QuireCLI

/// `quire bookmarks` on Alice and the handbook in a temporary library.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct BookmarksCommandTests {
  @Test func addListExportImportRoundTrip() throws {
    let workspace = LibraryWorkspace()
    let alice = try workspace.alice()
    let added = workspace.run([
      "bookmarks", alice, "add", "--chapter", "3", "--offset", "100", "--note", "the pool of tears",
    ])
    try #require(added.status == 0, "\(added.standardError)")
    #expect(
      added.standardOutput
        == "Added bookmark 1 in chapter 3 (CHAPTER II. The Pool of Tears), 8% through the book.\n")
    // The book was not in the library: adding a bookmark added it.
    #expect(try workspace.library().books().count == 1)
    #expect(workspace.run(["bookmarks", alice, "add", "--chapter", "8"]).status == 0)

    let list = workspace.run(["bookmarks", alice])
    #expect(list.status == 0)
    let lines = list.standardOutput.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[0].hasPrefix("1  chapter 3: CHAPTER II. The Pool of Tears · 8% · "))
    #expect(lines[1] == "   “…(she was so much surprised, that for the moment she quite forgo…”")
    #expect(lines[2] == "   Note: the pool of tears")
    #expect(lines[3].hasPrefix("2  chapter 8: CHAPTER VII. A Mad Tea-Party · "))

    let exported = workspace.run(["bookmarks", "1", "export"])
    #expect(exported.status == 0)
    let file = workspace.path + "/alice-bookmarks.json"
    try exported.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
    let markdown = workspace.run(["bookmarks", alice, "export", "--format", "markdown"])
    #expect(
      markdown.standardOutput.contains(
        "## CHAPTER II. The Pool of Tears\n\n### Bookmark · 8%\n"))
    #expect(markdown.standardOutput.contains("\nthe pool of tears\n"))

    #expect(
      workspace.run(["bookmarks", alice, "remove", "1"]).standardOutput == "Removed bookmark 1.\n")
    let imported = workspace.run(["bookmarks", alice, "import", file])
    #expect(
      imported.standardOutput == "Imported 1 bookmark and 0 highlights (1 already present).\n")
    let before = try AnnotationExport(jsonData: Data(exported.standardOutput.utf8), source: "a")
    let after = try AnnotationExport(
      jsonData: Data(workspace.run(["bookmarks", alice, "export"]).standardOutput.utf8), source: "b"
    )
    // The same bookmarks; the re-imported one has a new id in this library.
    func content(_ export: AnnotationExport) -> [String] {
      export.bookmarks.map { "\($0.locator) \($0.note ?? "") \($0.createdAt)" }
    }
    #expect(content(after) == content(before))
    #expect(after.bookmarks.map(\.id) == [3, 2])
  }

  @Test func addDefaultsToTheSavedPosition() throws {
    let workspace = LibraryWorkspace()
    let handbook = try workspace.copy(try #require(CommandContext.standard.handbookPath))
    #expect(workspace.run(["library", "add", handbook]).status == 0)
    let library = try workspace.library()
    let entry = try #require(try library.books().first)
    try library.savePosition(Locator(chapterIndex: 2, offset: 40), forBook: entry.id)
    let added = workspace.run(["bookmarks", handbook, "add", "--note", "CJK"])
    #expect(added.status == 0, "\(added.standardError)")
    let bookmark = try #require(try library.bookmarks(inBook: entry.id).first)
    #expect(bookmark.locator.chapterIndex == 2 && bookmark.locator.offset == 40)
    #expect(bookmark.locator.textAfter?.isEmpty == false)
    #expect(bookmark.note == "CJK")
  }

  @Test func mistakesAreReported() throws {
    let workspace = LibraryWorkspace()
    let alice = try workspace.alice()
    #expect(workspace.run(["bookmarks", alice, "add", "--chapter", "99"]).status == 2)
    #expect(workspace.run(["bookmarks", alice, "add", "--offset", "3"]).status == 2)
    #expect(
      workspace.run(["bookmarks", alice, "add", "--chapter", "1", "--offset", "99999999"]).status
        == 2)
    let remove = workspace.run(["bookmarks", alice, "remove", "7"])
    #expect(remove.status == 1)
    #expect(remove.standardError.contains("has no bookmark 7"))
    #expect(workspace.run(["bookmarks", alice, "import"]).status == 2)
    let bad = workspace.run(["bookmarks", alice, "import", alice])
    #expect(bad.status == 1)
    #expect(bad.standardError.contains("not a Quire annotations export"))
    #expect(workspace.run(["bookmarks", alice]).standardOutput.hasPrefix("No bookmarks in "))
  }
}
