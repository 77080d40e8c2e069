import Foundation
import QuireBook
import Testing

@testable import QuireCLI

/// `quire info --warnings` lists what went wrong converting chapters, under each chapter,
/// after the warnings found while opening; a problem shared by chapters is listed once.
@Suite struct InfoWarningsCommandTests {
  /// A folder EPUB of three chapters: the first two link a missing stylesheet, the second
  /// is not well-formed, the third is clean.
  private func brokenFolderBook() throws -> String {
    let root = try ScratchFolder.make("info-warnings")
    let link = "<link rel=\"stylesheet\" href=\"gone.css\"/>"
    let files = [
      "mimetype": "application/epub+zip",
      "META-INF/container.xml": """
      <?xml version="1.0"?>
      <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
      <rootfiles><rootfile full-path="OEBPS/content.opf" \
      media-type="application/oebps-package+xml"/></rootfiles></container>
      """,
      "OEBPS/content.opf": """
      <?xml version="1.0" encoding="UTF-8"?>
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">w\
      </dc:identifier><dc:title>Warned</dc:title><dc:language>en</dc:language></metadata>
      <manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>\
      <item id="b" href="b.xhtml" media-type="application/xhtml+xml"/>\
      <item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest>
      <spine><itemref idref="a"/><itemref idref="b"/><itemref idref="c"/></spine></package>
      """,
      "OEBPS/a.xhtml": """
      <?xml version="1.0" encoding="UTF-8"?>
      <html xmlns="http://www.w3.org/1999/xhtml"><head><title>A</title>\(link)</head>
      <body><p>First.</p></body></html>
      """,
      "OEBPS/b.xhtml": """
      <html xmlns="http://www.w3.org/1999/xhtml"><head><title>B</title>\(link)</head>
      <body><p>Fish & chips <b>unclosed</p></body>
      """,
      "OEBPS/c.xhtml": """
      <?xml version="1.0" encoding="UTF-8"?>
      <html xmlns="http://www.w3.org/1999/xhtml"><head><title>C</title></head>
      <body><p>Third.</p></body></html>
      """,
    ]
    for (name, text) in files {
      let url = URL(fileURLWithPath: root + "/" + name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }

  @Test func chapterWarningsAreListedUnderTheirChapter() throws {
    let result = runQuire(["info", "--warnings", try brokenFolderBook()])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.hasSuffix(
        """
        warnings:   2
          chapter 1 (OEBPS/a.xhtml):
          - the stylesheet OEBPS/gone.css is missing (also in chapter 2)
          chapter 2 (OEBPS/b.xhtml):
          - the XHTML is not well-formed; recovered with the HTML parser

        """), "\(result.standardOutput)")
  }

  @Test func withoutTheFlagOnlyTheCountIsShown() throws {
    let result = runQuire(["info", try brokenFolderBook()])
    #expect(result.standardOutput.hasSuffix("warnings:   2\n"), "\(result.standardOutput)")
  }

  @Test func jsonGivesEachChaptersWarnings() throws {
    let result = runQuire(["info", "--json", try brokenFolderBook()])
    let report = try JSONDecoder().decode(InfoReport.self, from: Data(result.standardOutput.utf8))
    #expect(report.chapterWarnings.map(\.chapter) == [1, 2])
    #expect(report.chapterWarnings.map(\.href) == ["OEBPS/a.xhtml", "OEBPS/b.xhtml"])
    #expect(report.chapterWarnings[1].warnings.count == 2)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func corpusBadFilesShowTheirChapterWarnings() {
    let malformed = runQuire(["info", "--warnings", Corpus.path("bad/malformed-xhtml.epub")])
    #expect(malformed.standardOutput.contains("  chapter 1 (OEBPS/ch1.xhtml):\n"))
    #expect(malformed.standardOutput.contains("- the chapter's file is empty\n"))
    let missing = runQuire(["info", "--warnings", Corpus.path("bad/missing-resource.epub")])
    #expect(missing.standardOutput.contains("  opening the book:\n"))
    #expect(missing.standardOutput.contains("- the stylesheet OEBPS/style.css is missing\n"))
    #expect(
      missing.standardOutput.contains(
        "- the image OEBPS/images/cover.jpg is missing from the book\n"))
  }
}
