import Foundation
import QuireBook
import Testing

@testable import QuireCLI

/// `quire info` on an in-memory book: the aligned report and its JSON.
@Suite struct InfoCommandTests {
  @Test func alignedReport() {
    let result = runQuire(["info", "sample.epub"], book: SampleBook.make())
    #expect(result.status == 0)
    #expect(
      result.standardOutput == """
        format:       EPUB 3.0
        title:        A Sample
        subtitle:     For Tests
        author:       Ada Author
        contributors: Tom Translator (translator)
        language:     en
        identifier:   urn:uuid:1234
        publisher:    Quire
        date:         2026
        series:       Samples #2
        description:  A small book. Two paragraphs.
        chapters:     2 linear / 3 total
        characters:   72
        words:        28
        cover:        images/cover.png (600 × 800 px)
        warnings:     1

        """)
  }

  @Test func warningsAreListedOnRequest() {
    let result = runQuire(["info", "sample.epub", "--warnings"], book: SampleBook.make())
    #expect(result.standardOutput.hasSuffix("warnings:     1\n  - notes.xhtml: is empty\n"))
  }

  @Test func jsonIsSortedAndDecodable() throws {
    let result = runQuire(["info", "--json", "sample.epub"], book: SampleBook.make())
    #expect(result.status == 0)
    let report = try JSONDecoder().decode(InfoReport.self, from: Data(result.standardOutput.utf8))
    #expect(report.words == 28)
    #expect(
      report.cover == .init(href: "images/cover.png", width: 600, height: 800, isPresent: true))
    #expect(report.format == .init(name: "EPUB 3.0", type: "epub", version: "3.0"))
    #expect(report.warnings == [ImportWarning(entry: "notes.xhtml", "is empty")])
    let keys = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  \"") }
      .map { $0.dropFirst(3).prefix { $0 != "\"" } }
    #expect(keys == keys.sorted())
    #expect(keys.first == "authors" && keys.last == "words")
  }

  @Test func longDescriptionWrapsUnderItsColumn() {
    var rows = [("title", "T")]
    rows.append(("description", String(repeating: "word ", count: 30)))
    let text = KeyValueTable.render(rows, width: 40)
    let lines = text.split(separator: "\n")
    #expect(lines.count > 3)
    #expect(lines.allSatisfy { $0.count <= 40 })
    #expect(lines[1].hasPrefix("description: word"))
    #expect(lines[2].hasPrefix("             word"))
  }

  /// A folder that is not an unpacked EPUB is refused by name before it is walked (`/`
  /// used to be walked to some large file deep inside, blamed as "a likely zip bomb").
  @Test func aFolderThatIsNotABookIsNamedAtOnce() {
    let started = ContinuousClock.now
    let result = runQuire(["info", "/"])
    #expect(ContinuousClock.now - started < .seconds(1))
    #expect(result.status == 1)
    #expect(result.standardError == "quire: /: is a folder without META-INF/container.xml\n")
  }
}
