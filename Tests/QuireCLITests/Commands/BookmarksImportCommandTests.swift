import Foundation
import QuireBook
import QuireReading
import Testing

@testable import QuireCLI

/// `quire bookmarks BOOK import FILE` with small books written by the test: nothing an
/// export holds is lost, and nothing is attached to a book it was not made from.
@Suite struct BookmarksImportCommandTests {
  static let pride = """
    Pride and Prejudice

    by Jane Austen


    CHAPTER I.

    It is a truth universally acknowledged, that a single man in possession of a good
    fortune, must be in want of a wife.

    CHAPTER II.

    Mr. Bennet was among the earliest of those who waited on Mr. Bingley.

    """

  static let alice = """
    Alice's Adventures in Wonderland

    by Lewis Carroll


    CHAPTER I.

    Alice was beginning to get very tired of sitting by her sister on the bank.

    """

  /// Writes `text` as a book in the workspace.
  private func book(_ name: String, _ text: String, in workspace: LibraryWorkspace) throws
    -> String
  {
    let path = workspace.path + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Exports `book`'s annotations to a file and returns its path.
  private func export(_ book: String, in workspace: LibraryWorkspace) throws -> String {
    let exported = workspace.run(["bookmarks", book, "export"])
    try #require(exported.status == 0, "\(exported.standardError)")
    let file = workspace.path + "/export-\(UUID().uuidString).json"
    try exported.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test func twoBookmarksAtOnePlaceWithDifferentNotesBothComeBack() throws {
    let workspace = LibraryWorkspace()
    let pride = try book("pride.txt", Self.pride, in: workspace)
    for note in ["first reading", "second reading"] {
      let added = workspace.run(["bookmarks", pride, "add", "--chapter", "1", "--note", note])
      try #require(added.status == 0, "\(added.standardError)")
    }
    let file = try export(pride, in: workspace)
    let fresh = LibraryWorkspace()
    let copy = try book("pride.txt", Self.pride, in: fresh)
    let imported = fresh.run(["bookmarks", copy, "import", file])
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardOutput == "Imported 2 bookmarks and 0 highlights.\n")
    let list = fresh.run(["bookmarks", copy]).standardOutput
    #expect(list.contains("Note: first reading") && list.contains("Note: second reading"))
    // Importing again adds nothing: both are now the same as ones the book has.
    let again = fresh.run(["bookmarks", copy, "import", file])
    #expect(again.standardOutput == "Imported 0 bookmarks and 0 highlights (2 already present).\n")
  }

  @Test func anotherBooksExportIsRefused() throws {
    let workspace = LibraryWorkspace()
    let pride = try book("pride.txt", Self.pride, in: workspace)
    let alice = try book("alice.txt", Self.alice, in: workspace)
    try #require(
      workspace.run(["bookmarks", pride, "add", "--chapter", "2", "--note", "Bennet"]).status == 0)
    let file = try export(pride, in: workspace)
    let imported = workspace.run(["bookmarks", alice, "import", file])
    #expect(imported.status == 1)
    #expect(imported.standardError.contains("“Pride and Prejudice”"), "\(imported.standardError)")
    #expect(imported.standardError.contains("“Alice's Adventures in Wonderland”"))
    #expect(imported.standardError.contains("--reanchor"))
    #expect(workspace.run(["bookmarks", alice]).standardOutput.hasPrefix("No bookmarks in "))
  }

  /// With --reanchor an export of another edition is placed by its text: the passage
  /// that is in the new edition is found in its new chapter, the one that is not is
  /// listed and left out.
  @Test func reanchoringPlacesAnotherEditionsBookmarksByTheirText() throws {
    let workspace = LibraryWorkspace()
    let first = try book("pride-1813.txt", Self.pride, in: workspace)
    try #require(
      workspace.run([
        "bookmarks", first, "add", "--chapter", "2", "--offset", "20", "--note", "truth",
      ]).status == 0)
    try #require(
      workspace.run(["bookmarks", first, "add", "--chapter", "3", "--note", "Bennet"]).status == 0)
    let file = try export(first, in: workspace)
    let edited = Self.pride
      .replacingOccurrences(of: "It is a truth", with: "An editor's sentence. It is a truth")
      .replacingOccurrences(of: "Mr. Bennet was among", with: "Mr. Bennet, the father, was among")
    let second = try book("pride-1894.txt", edited, in: workspace)
    let refused = workspace.run(["bookmarks", second, "import", file])
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("another copy or edition of “Pride and Prejudice”"))

    let imported = workspace.run(["bookmarks", second, "import", file, "--reanchor"])
    #expect(imported.status == 1, "one bookmark could not be placed")
    #expect(imported.standardOutput == "Imported 1 bookmark and 0 highlights.\n")
    #expect(imported.standardError.contains("1 of the annotations of “Pride and Prejudice”"))
    #expect(imported.standardError.contains("bookmark in chapter 3 at “…CHAPTER II."))
    #expect(imported.standardError.contains("(note: Bennet)"))
    let library = try workspace.library()
    let entry = try #require(try library.books().first { $0.path.hasSuffix("pride-1894.txt") })
    let bookmark = try #require(try library.bookmarks(inBook: entry.id).first)
    #expect(bookmark.note == "truth")
    #expect(bookmark.locator.chapterIndex == 1)
    let firstEntry = try #require(try library.books().first { $0.path.hasSuffix("pride-1813.txt") })
    let original = try #require(try library.bookmarks(inBook: firstEntry.id).first)
    // Moved by the editor's sentence ("An editor's sentence. " is 22 units).
    #expect(bookmark.locator.offset == original.locator.offset + 22)
    #expect(bookmark.locator.textAfter == original.locator.textAfter)
    #expect(bookmark.locator.totalProgression != original.locator.totalProgression)
  }
}
