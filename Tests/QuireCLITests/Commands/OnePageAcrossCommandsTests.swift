import Foundation
import Testing

@testable import QuireCLI

/// Page N of a book is one page whichever command shows it: `paginate` cuts it, `render`
/// draws it, `search` finds its words on it and `progress` stands on it — and after
/// `paginate` has stored the book's page breaks, `progress` gives the exact count.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct OnePageAcrossCommandsTests {
  private struct Pagination: Decodable {
    struct Line: Decodable {
      var chapter: Int
      var page: Int
      var line: Int
      var text: String
    }
    struct Chapter: Decodable {
      var number: Int
      var pages: Int
    }
    var pages: Int
    var chapters: [Chapter]
    var lines: [Line]
  }

  @Test func pageNIsTheSamePageInPaginateRenderSearchAndProgress() throws {
    let workspace = LibraryWorkspace()
    let alice = try workspace.alice()
    // The library that paginate stores its breaks in (progress, which only reads, makes none).
    #expect(workspace.run(["library", "add", alice]).status == 0)
    let before = workspace.run(["progress", alice])
    #expect(before.standardOutput.contains("about 1 of"), "\(before.standardOutput)")

    let paginated = workspace.run(["paginate", alice, "--lines", "--json"])
    #expect(paginated.status == 0, "\(paginated.standardError)")
    let report = try JSONDecoder().decode(
      Pagination.self, from: Data(paginated.standardOutput.utf8))

    // Book page 40: its chapter and page in the chapter, by paginate's count.
    let target = 40
    var passed = 0
    var chapter = 0
    var pageInChapter = 0
    for entry in report.chapters {
      if target <= passed + entry.pages {
        chapter = entry.number
        pageInChapter = target - passed
        break
      }
      passed += entry.pages
    }
    #expect(chapter > 0)

    // render draws that page of that chapter.
    let output = workspace.path + "/page.png"
    let rendered = workspace.run(["render", alice, "--page", "\(target)", "-o", output])
    #expect(rendered.status == 0, "\(rendered.standardError)")
    #expect(
      rendered.standardOutput.contains(
        "chapter \(chapter) page \(pageInChapter), book page \(target),"),
      "\(rendered.standardOutput)")

    // search finds a line of that page on page 40, now exactly (no "about").
    let lines = report.lines.filter { $0.chapter == chapter && $0.page == pageInChapter }
    let phrase = try #require(
      lines.map(\.text).first { line in
        line.count >= 24
          && report.lines.filter { $0.text.contains(line) }.count == 1
      })
    let words = phrase.split(separator: " ").prefix(4).joined(separator: " ")
    let found = workspace.run(["search", alice, words])
    #expect(found.status == 0, "\(found.standardError)")
    #expect(
      found.standardOutput.contains("  p. \(target)  "),
      "'\(words)' is on page \(target): \(found.standardOutput)")

    // progress knows the whole count exactly once paginate stored the breaks.
    let after = workspace.run(["progress", alice])
    #expect(
      after.standardOutput.contains("page:      1 of \(report.pages) "),
      "\(after.standardOutput)")
  }
}
