import Foundation
import QuireBook
import QuireReading
import Testing

@testable import QuireCLI

/// `quire annotations` on Alice in a temporary library: listed by chapter, exported in the
/// three formats, imported back.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct AnnotationsCommandTests {
  /// Alice in the workspace's library with a bookmark (with a note), a pink highlight of
  /// "Curiouser and curiouser!" with a note, an underlined one, and one whose text is gone.
  func annotatedAlice(_ workspace: LibraryWorkspace) throws -> String {
    let alice = try workspace.alice()
    let added = workspace.run([
      "bookmarks", alice, "add", "--chapter", "3", "--offset", "100", "--note", "the pool",
    ])
    try #require(added.status == 0, "\(added.standardError)")
    let library = try workspace.library()
    let entry = try #require(try library.books().first)
    let book = try Book.open(alice)
    let progress = BookProgress(book: book)
    func place(_ phrase: String, chapter: Int) throws -> Range<Int> {
      let string = try book.text(ofChapter: chapter).string
      let range = try #require(string.range(of: phrase))
      let start = string.utf16.distance(from: string.startIndex, to: range.lowerBound)
      return start..<(start + phrase.utf16.count)
    }
    let curious = try place("Curiouser and curiouser!", chapter: 2)
    try library.addHighlight(
      from: try progress.locator(chapter: 2, offset: curious.lowerBound),
      to: try progress.locator(chapter: 2, offset: curious.upperBound), inBook: entry.id,
      colour: .pink, note: "she grows")
    let tea = try place("Have some wine", chapter: 7)
    try library.addHighlight(
      from: try progress.locator(chapter: 7, offset: tea.lowerBound),
      to: try progress.locator(chapter: 7, offset: tea.upperBound), inBook: entry.id,
      style: .underline)
    // A highlight made in another edition: reanchoring on this text does not find it.
    try library.addHighlight(
      from: Locator(chapterIndex: 9, offset: 10, textAfter: "a passage of another edition"),
      to: Locator(chapterIndex: 9, offset: 30), inBook: entry.id, colour: .blue)
    let report = try library.reanchor(bookID: entry.id, newHash: entry.contentHash) {
      try? book.text(ofChapter: $0).string
    }
    #expect(report.unplacedHighlights == 1)
    return alice
  }

  @Test func listsByChapterAndFilters() throws {
    let workspace = LibraryWorkspace()
    let alice = try annotatedAlice(workspace)
    let list = workspace.run(["annotations", alice], width: 100)
    try #require(list.status == 0, "\(list.standardError)")
    let lines = list.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "“Alice’s Adventures in Wonderland”: 1 bookmark, 3 highlights, 2 notes")
    let text = list.standardOutput
    let pool = try #require(text.range(of: "\nCHAPTER II. The Pool of Tears\n"))
    let tea = try #require(text.range(of: "\nCHAPTER VII. A Mad Tea-Party\n"))
    let unplaced = try #require(text.range(of: "\nNot found in this edition\n"))
    #expect(pool.upperBound < tea.lowerBound && tea.upperBound < unplaced.lowerBound)
    #expect(text.contains("  highlight 1 · pink · "))
    #expect(text.contains("    “Curiouser and curiouser!”\n    Note: she grows\n"))
    #expect(text.contains("  highlight 2 · yellow underline · "))
    #expect(text.contains("    “a passage of another edition”"))

    let pink = workspace.run(["annotations", alice, "list", "--colour", "pink"])
    #expect(pink.standardOutput.contains("highlight 1 "))
    #expect(
      !pink.standardOutput.contains("bookmark 1") && !pink.standardOutput.contains("highlight 2"))
    let filtered = workspace.run(["annotations", alice, "--filter", "WINE"])
    #expect(filtered.standardOutput.contains("highlight 2 "))
    #expect(!filtered.standardOutput.contains("highlight 1 "))
    #expect(
      workspace.run(["annotations", alice, "--filter", "walrus"]).standardOutput
        == "No annotations in “Alice’s Adventures in Wonderland” match.\n")
    let mauve = workspace.run(["annotations", alice, "--colour", "mauve"])
    #expect(mauve.status == 2)
    #expect(
      mauve.standardError.contains("--colour expects one of yellow, green, blue, pink, purple"))
  }

  @Test func exportsMarkdownOrgAndJSONThatImportsBack() throws {
    let workspace = LibraryWorkspace()
    let alice = try annotatedAlice(workspace)
    let markdown = workspace.run(["annotations", alice, "export", "--format", "md"])
    try #require(markdown.status == 0, "\(markdown.standardError)")
    #expect(
      markdown.standardOutput.contains(
        "## CHAPTER II. The Pool of Tears\n\n### Highlight · 8%\n\n"
          + "> Curiouser and curiouser\\!\n\nshe grows\n\n*Pink, "))
    #expect(markdown.standardOutput.contains("\n### Bookmark · 8%\n\n> … (she was so much"))
    #expect(markdown.standardOutput.contains("## Not found in this edition\n"))
    let org = workspace.run(["annotations", alice, "export", "--format", "org"])
    #expect(org.standardOutput.contains("* CHAPTER VII. A Mad Tea-Party\n** Highlight · "))
    #expect(org.standardOutput.contains("#+begin_quote\nHave some wine\n#+end_quote\n"))
    #expect(org.standardOutput.contains(":STYLE: underline\n"))

    let json = workspace.run(["annotations", alice, "export"])
    let file = workspace.path + "/alice.json"
    try json.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)
    let other = LibraryWorkspace()
    let copy = try other.copy(alice)
    let imported = other.run(["annotations", copy, "import", file])
    #expect(imported.standardOutput == "Imported 1 bookmark and 3 highlights.\n")
    let again = try AnnotationExport(
      jsonData: Data(other.run(["annotations", copy, "export"]).standardOutput.utf8),
      source: "again")
    let first = try AnnotationExport(jsonData: Data(json.standardOutput.utf8), source: "first")
    func content(_ export: AnnotationExport) -> [String] {
      export.bookmarks.map { "\($0.locator) \($0.note ?? "") \($0.createdAt) \($0.chapter ?? "")" }
        + export.highlights.map {
          "\($0.start) \($0.end) \($0.colour) \($0.style) \($0.note ?? "") \($0.createdAt) "
            + "\($0.modifiedAt.map { "\($0)" } ?? "") \($0.isUnplaced) \($0.text ?? "")"
        }
    }
    #expect(content(again) == content(first))
  }

  @Test func mistakesAreReported() throws {
    let workspace = LibraryWorkspace()
    let alice = try workspace.alice()
    #expect(workspace.run(["annotations", alice, "export", "--format", "pdf"]).status == 2)
    #expect(workspace.run(["annotations", alice, "import"]).status == 2)
    #expect(workspace.run(["annotations", alice, "shred"]).status == 2)
    #expect(workspace.run(["annotations", alice, "export", "--colour", "pink"]).status == 2)
    let empty = workspace.run(["annotations", alice])
    #expect(empty.status == 0)
    #expect(empty.standardOutput.hasPrefix("No annotations in “Alice’s Adventures in Wonderland”."))
  }
}
