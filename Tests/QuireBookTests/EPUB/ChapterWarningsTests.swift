import Foundation
import Testing

@testable import QuireBook

/// Problems met converting a chapter (a missing stylesheet or image, a font that is not
/// one, broken markup) reach `Book.warnings(ofChapter:)` and `Book.warningsSoFar`, each
/// once, naming the entry at fault, the same whatever order chapters load in.
@Suite struct ChapterWarningsTests {
  static let css = """
    @font-face { font-family: Fake; src: url(fonts/fake.ttf); }
    p { font-family: Fake, serif; }
    """

  /// ch1 links a missing stylesheet twice, a stylesheet whose font is a text file, and a
  /// missing image; ch2 is malformed and links the same missing stylesheet; ch3 uses the
  /// fake font too; ch4 is clean.
  static func brokenBook() throws -> String {
    let links = """
      <link rel="stylesheet" href="missing.css"/><link rel="stylesheet" href="style.css"/>
      """
    let chapters: [(name: String, xhtml: String)] = [
      (
        "ch1.xhtml",
        HostileBooks.xhtml(
          body: "<p>One</p><p><img src=\"images/gone.png\" alt=\"Gone\"/></p>",
          head: links + "<link rel=\"stylesheet\" href=\"missing.css\"/>")
      ),
      (
        "ch2.xhtml",
        """
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Two</title>\
        <link rel="stylesheet" href="missing.css"/></head>
        <body><p>Fish & chips <b>unclosed <i>tags</p></body>
        """
      ),
      ("ch3.xhtml", HostileBooks.xhtml(body: "<p>Three</p>", head: links)),
      ("ch4.xhtml", HostileBooks.xhtml(body: "<p>Four</p>")),
    ]
    let zip = HostileBooks.epub(
      chapters: chapters,
      entries: [
        TestZip.Entry(name: "OEBPS/style.css", data: Array(css.utf8)),
        TestZip.Entry(name: "OEBPS/fonts/fake.ttf", data: Array("not a font at all".utf8)),
      ])
    return try zip.write(named: "broken.epub")
  }

  private func open(_ path: String) throws -> Book {
    var options = ImportOptions()
    options.fontCacheDirectory = try ScratchFolder.make()
    return try Book.open(path, options: options)
  }

  @Test func eachChapterNamesWhatIsWrongOnce() throws {
    let book = try open(try Self.brokenBook())
    #expect(book.warningsSoFar == book.warnings)  // nothing converted yet
    let fontWarning = ImportWarning(
      entry: "OEBPS/fonts/fake.ttf",
      "the font of \"Fake\" is not a TrueType or OpenType font; the book's fallback family is used"
    )
    #expect(
      try book.warnings(ofChapter: 0) == [
        ImportWarning(entry: "OEBPS/ch1.xhtml", "the stylesheet OEBPS/missing.css is missing"),
        fontWarning,
        ImportWarning(
          entry: "OEBPS/ch1.xhtml", "the image OEBPS/images/gone.png is missing from the book"),
      ])
    #expect(
      try book.warnings(ofChapter: 1) == [
        ImportWarning(
          entry: "OEBPS/ch2.xhtml", "the XHTML is not well-formed; recovered with the HTML parser"),
        ImportWarning(entry: "OEBPS/ch2.xhtml", "the stylesheet OEBPS/missing.css is missing"),
      ])
    #expect(try book.warnings(ofChapter: 2).contains(fontWarning))
    #expect(try book.warnings(ofChapter: 3) == [])
    let all = book.warningsSoFar
    #expect(all.count(where: { $0 == fontWarning }) == 1)
    #expect(all.count == book.warnings.count + 6)  // ch3 also misses missing.css
    #expect(Set(all).count == all.count)
    #expect(throws: BookError.self) { try book.warnings(ofChapter: 4) }
  }

  @Test func warningsOutliveEvictedTexts() throws {
    let book = try open(try Self.brokenBook())
    let first = try book.warnings(ofChapter: 1)
    book.evictChapterTexts()
    _ = try book.text(ofChapter: 1)
    #expect(try book.warnings(ofChapter: 1) == first)
    #expect(book.warningsSoFar.count == book.warnings.count + first.count)
  }

  @Test func concurrentLoadsGiveTheSameWarnings() async throws {
    let path = try Self.brokenBook()
    let reference = try open(path)
    let expected = try reference.chapters.indices.map { try reference.warnings(ofChapter: $0) }
    for _ in 0..<5 {
      let book = try open(path)
      await withTaskGroup(of: Void.self) { group in
        for task in 0..<40 {
          let index = (task * 7) % book.chapters.count
          group.addTask {
            _ = try? book.text(ofChapter: index)
            book.evictChapterTexts()
          }
        }
      }
      #expect(try book.chapters.indices.map { try book.warnings(ofChapter: $0) } == expected)
      #expect(book.warningsSoFar == reference.warningsSoFar)
    }
  }

  @Test func aChapterLinkingThousandsOfMissingFilesGetsABoundedList() throws {
    let links = (0..<2_000).map { "<link rel=\"stylesheet\" href=\"gone\($0).css\"/>" }
    let zip = HostileBooks.epub(chapters: [
      ("ch1.xhtml", HostileBooks.xhtml(body: "<p>One</p>", head: links.joined()))
    ])
    let book = try open(try zip.write(named: "links.epub"))
    let warnings = try book.warnings(ofChapter: 0)
    #expect(warnings.count == EPUBContent.maxWarningsPerChapter + 1)
    #expect(warnings.first?.message == "the stylesheet OEBPS/gone0.css is missing")
    #expect(
      warnings.last
        == ImportWarning(
          entry: "OEBPS/ch1.xhtml", "1950 more problems like these were not listed"))
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func corpusMalformedXHTMLWarnsPerChapter() throws {
    let book = try Book.open(Corpus.path("bad/malformed-xhtml.epub"))
    let all = try book.chapters.indices.map { try book.warnings(ofChapter: $0) }
    let recovered = all.enumerated().filter { _, warnings in
      warnings.contains { $0.message.contains("not well-formed") }
    }
    #expect(!recovered.isEmpty)
    for (index, warnings) in recovered {
      #expect(warnings.allSatisfy { $0.entry == book.chapters[index].href })
    }
    #expect(all.last?.contains { $0.message == "the chapter's file is empty" } == true)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func corpusMissingResourceWarnsOfTheMissingStylesheet() throws {
    let book = try Book.open(Corpus.path("bad/missing-resource.epub"))
    let all = try book.chapters.indices.flatMap { try book.warnings(ofChapter: $0) }
    #expect(all.contains { $0.message == "the stylesheet OEBPS/style.css is missing" })
    #expect(
      all.contains { $0.message == "the image OEBPS/images/cover.jpg is missing from the book" })
    #expect(all.allSatisfy { $0.entry?.hasSuffix(".xhtml") == true })
  }
}
