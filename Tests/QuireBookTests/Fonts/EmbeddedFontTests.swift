import Foundation
import Testing

@testable import QuireBook

/// `@font-face` rules become cached font files on the chapter's `StyledText`.
@Suite struct EmbeddedFontTests {
  private func options(cache: String) -> ImportOptions {
    var options = ImportOptions()
    options.fontCacheDirectory = cache
    return options
  }

  private func text(_ book: Book, href suffix: String) throws -> StyledText {
    let index = try #require(book.chapters.firstIndex { $0.href?.hasSuffix(suffix) == true })
    return try book.text(ofChapter: index)
  }

  private func signature(_ path: String) throws -> String {
    let handle = try #require(FileHandle(forReadingAtPath: path))
    defer { try? handle.close() }
    return String(decoding: handle.readData(ofLength: 4), as: UTF8.self)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func wastelandsObfuscatedFontsAreRestoredThroughItsImport() throws {
    let cache = try ScratchFolder.make()
    let book = try Book.open(
      Corpus.path("epub/idpf-wasteland-otf-obf.epub"), options: options(cache: cache))
    let faces = try text(book, href: "wasteland-content.xhtml").fontFaces
    #expect(faces.map(\.family) == ["OldStandard", "OldStandard", "OldStandard"])
    #expect(faces.map(\.weight) == [400, 700, 400])
    #expect(faces.map(\.isItalic) == [false, false, true])
    for face in faces {
      #expect(face.path.hasPrefix(cache + "/") && face.path.hasSuffix(".otf"))
      #expect(try signature(face.path) == "OTTO")  // de-obfuscated: an OpenType header
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 3)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func mobyDicksStixFacesAreCachedOnceForAllChapters() throws {
    let cache = try ScratchFolder.make()
    let book = try Book.open(
      Corpus.path("epub/idpf-moby-dick.epub"), options: options(cache: cache))
    let first = try book.text(ofChapter: book.readingOrder[3]).fontFaces
    let second = try book.text(ofChapter: book.readingOrder[4]).fontFaces
    #expect(first.count == 4 && first == second)
    #expect(Set(first.map(\.family)) == ["Stix"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 4)
  }

  static let hostileCSS = """
    @font-face { font-family: Passwd; src: url("../../etc/passwd") format("truetype"); }
    @font-face { font-family: Garbage; src: url(fonts/garbage.ttf); }
    @font-face { font-family: Missing; src: url(fonts/missing.otf); }
    @font-face { font-family: Huge; src: url(fonts/huge.ttf); }
    @font-face { font-family: Unused; src: url(fonts/unused.otf); }
    p { font-family: Garbage, Huge, Passwd, Missing, serif; }
    """

  private func hostileBook() throws -> String {
    let opf = """
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
          <dc:identifier id="id">hostile</dc:identifier><dc:title>Hostile fonts</dc:title>
        </metadata>
        <manifest>
          <item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>
          <item id="css" href="style.css" media-type="text/css"/>
        </manifest>
        <spine><itemref idref="a"/></spine>
      </package>
      """
    var zip = TestZip.epub(
      opf: opf,
      files: [
        "OEBPS/a.xhtml": """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>A</title>
        <link rel="stylesheet" href="style.css"/></head>
        <body><p>Still readable.</p></body></html>
        """,
        "OEBPS/style.css": Self.hostileCSS,
        "OEBPS/fonts/garbage.ttf": "this is not a font, just text pretending to be one",
      ])
    zip.entries.append(
      TestZip.Entry(
        name: "OEBPS/fonts/huge.ttf", data: [0, 1, 0, 0] + [UInt8](repeating: 7, count: 4096)))
    return try zip.write()
  }

  @Test func hostileAndBrokenFontsAreLeftOutAndTheChapterStillReads() throws {
    let cache = try ScratchFolder.make()
    var options = options(cache: cache)
    options.limits.maxFontSize = 1000
    let book = try Book.open(try hostileBook(), options: options)
    let text = try book.text(ofChapter: 0)
    #expect(text.string.contains("Still readable."))
    #expect(text.fontFaces.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache).isEmpty)
  }

  @Test func eachBrokenFontGetsAWarningNamingIt() throws {
    let path = try hostileBook()
    var limits = ImportLimits()
    limits.maxFontSize = 1000
    let container = try ZipContainer(path: path, limits: limits)
    let store = EmbeddedFontStore(
      container: container,
      obfuscation: FontObfuscation(encryptionXML: nil, identifier: nil, bookPath: path),
      limits: limits, cacheDirectory: try ScratchFolder.make())
    let converter = XHTMLConverter(
      documentHref: "OEBPS/a.xhtml", bookPath: path, limits: limits,
      loadStylesheet: { try? String(decoding: container.read($0), as: UTF8.self) },
      loadFont: { store.load(for: $0) })
    let output = converter.convert(Array(try container.read("OEBPS/a.xhtml")))
    let messages = output.warnings.map(\.message)
    #expect(
      messages.contains { $0.contains("../../etc/passwd") && $0.contains("outside the book") })
    #expect(
      messages.contains { $0.contains("Garbage") && $0.contains("not a TrueType or OpenType") })
    #expect(messages.contains { $0.contains("Missing") && $0.contains("missing from the book") })
    #expect(messages.contains { $0.contains("Huge") && $0.contains("limit") })
    #expect(!messages.contains { $0.contains("Unused") })  // no run names it: never read
    #expect(output.text.fontFaces.isEmpty)
  }

  @Test func cssFontMatchingPrefersTheStyleThenTheNearestWeight() {
    let faces = [
      FontFace(family: "Stix", weight: 400, isItalic: false, path: "/r"),
      FontFace(family: "Stix", weight: 700, isItalic: false, path: "/b"),
      FontFace(family: "Stix", weight: 400, isItalic: true, path: "/i"),
    ]
    func match(_ weight: Int, _ italic: Bool, _ family: String = "stix") -> String? {
      FontFace.match(in: faces, family: family, weight: weight, isItalic: italic)?.path
    }
    #expect(match(400, false) == "/r")
    #expect(match(700, false) == "/b")
    #expect(match(600, false) == "/b")
    #expect(match(500, false) == "/r")
    #expect(match(400, true) == "/i")
    #expect(match(700, true) == "/i")  // italic before weight; no bold italic face
    #expect(match(400, false, "Other") == nil)
  }
}
