import Foundation
import Testing

@testable import QuireBook

/// The importer on small EPUBs built in the test, one feature of the OPF/TOC at a time.
@Suite struct EPUBImporterTests {
  static let epub2OPF = """
    <?xml version="1.0" encoding="UTF-8"?>
    <package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="bookid">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" \
    xmlns:opf="http://www.idpf.org/2007/opf">
        <dc:identifier id="isbn">978-0-00-000000-0</dc:identifier>
        <dc:identifier id="bookid">urn:uuid:1234</dc:identifier>
        <dc:title>The   Two
          Towers</dc:title>
        <dc:creator opf:role="trl" opf:file-as="Translator, A">A Translator</dc:creator>
        <dc:creator opf:role="aut" opf:file-as="Tolkien, J. R. R.">J. R. R. Tolkien</dc:creator>
        <dc:language>en-GB</dc:language>
        <dc:publisher>Allen &amp; Unwin</dc:publisher>
        <dc:date opf:event="modification">2020-01-01</dc:date>
        <dc:date opf:event="publication">1954-11-11</dc:date>
        <dc:description>&lt;p&gt;The &lt;i&gt;second&lt;/i&gt; volume &amp;amp; more.&lt;/p&gt;</dc:description>
        <dc:subject>Fantasy</dc:subject>
        <dc:rights>All rights reserved</dc:rights>
        <meta name="calibre:series" content="The Lord of the Rings"/>
        <meta name="calibre:series_index" content="2"/>
        <meta name="cover" content="cover-img"/>
      </metadata>
      <manifest>
        <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
        <item id="cover-img" href="images/front.jpg" media-type="image/jpeg"/>
        <item id="c1" href="Text/one.xhtml" media-type="application/xhtml+xml"/>
        <item id="c2" href="Text/two%20words.xhtml" media-type="application/xhtml+xml"/>
        <item id="notes" href="Text/notes.xhtml" media-type="application/xhtml+xml"/>
      </manifest>
      <spine toc="ncx">
        <itemref idref="c1"/>
        <itemref idref="notes" linear="no"/>
        <itemref idref="c2"/>
      </spine>
    </package>
    """

  static let epub2NCX = """
    <?xml version="1.0" encoding="UTF-8"?>
    <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
      <navMap>
        <navPoint id="p1"><navLabel><text>Book Three</text></navLabel>
          <content src="Text/one.xhtml"/>
          <navPoint id="p2"><navLabel><text>  The Departure
            of Boromir </text></navLabel><content src="Text/one.xhtml#top"/></navPoint>
          <navPoint id="p3"><navLabel><text>Second</text></navLabel>
            <content src="Text/two%20words.xhtml"/></navPoint>
        </navPoint>
        <navPoint id="p4"><navLabel><text>Elsewhere</text></navLabel>
          <content src="http://example.org/"/></navPoint>
      </navMap>
    </ncx>
    """

  private func open(_ zip: TestZip, options: ImportOptions = ImportOptions()) throws -> Book {
    try Book.open(try zip.write(), options: options)
  }

  @Test func readsEPUB2MetadataAndNCX() throws {
    let book = try open(
      .epub(
        opf: Self.epub2OPF,
        files: [
          "OEBPS/toc.ncx": Self.epub2NCX, "OEBPS/images/front.jpg": "JPEG",
          "OEBPS/Text/one.xhtml": TestZip.chapter("One", "First words."),
          "OEBPS/Text/two words.xhtml": TestZip.chapter("Two", "Second words."),
          "OEBPS/Text/notes.xhtml": TestZip.chapter("Notes", "A note."),
        ]))
    let metadata = book.metadata
    #expect(book.format == .epub(version: "2.0"))
    #expect(metadata.title == "The Two Towers")
    #expect(metadata.identifier == "urn:uuid:1234")
    #expect(metadata.creators.map(\.name) == ["J. R. R. Tolkien", "A Translator"])
    #expect(metadata.creators.map(\.role) == ["aut", "trl"])
    #expect(metadata.creators.first?.fileAs == "Tolkien, J. R. R.")
    #expect(metadata.language == "en-GB")
    #expect(metadata.publisher == "Allen & Unwin")
    #expect(metadata.date == "1954-11-11")
    #expect(metadata.description == "The second volume & more.")
    #expect(metadata.subjects == ["Fantasy"])
    #expect(metadata.rights == "All rights reserved")
    #expect(metadata.series == Metadata.Series(name: "The Lord of the Rings", position: "2"))
    #expect(metadata.coverHref == "OEBPS/images/front.jpg")
    #expect(
      book.chapters.map(\.href) == [
        "OEBPS/Text/one.xhtml", "OEBPS/Text/notes.xhtml", "OEBPS/Text/two words.xhtml",
      ])
    #expect(book.chapters.map(\.isLinear) == [true, false, true])
    #expect(book.readingOrder == [0, 2])
    #expect(book.chapters.map(\.title).prefix(1) == ["Book Three"])
    #expect(book.chapters[2].title == "Second")
    #expect(book.toc.map(\.title) == ["Book Three", "Elsewhere"])
    #expect(book.toc[0].children.map(\.title) == ["The Departure of Boromir", "Second"])
    #expect(book.toc[0].children.map(\.chapterIndex) == [0, 2])
    #expect(book.toc[0].children[0].fragment == "top")
    #expect(book.toc[1].chapterIndex == nil)
    #expect(try book.text(ofChapter: 2).string.contains("Second words."))
    #expect(try book.resource(at: "OEBPS/images/front.jpg") == Data("JPEG".utf8))
  }

  @Test func readsEPUB3TitlesCollectionsAndNav() throws {
    let opf = """
      <?xml version="1.0" encoding="UTF-8"?>
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
          <dc:identifier id="uid">urn:uuid:5678</dc:identifier>
          <dc:title id="t2">A Subtitle Here</dc:title>
          <meta refines="#t2" property="title-type">subtitle</meta>
          <dc:title id="t1">Main Title</dc:title>
          <meta refines="#t1" property="title-type">main</meta>
          <dc:creator id="c1">Jane Doe</dc:creator>
          <meta refines="#c1" property="role" scheme="marc:relators">aut</meta>
          <meta refines="#c1" property="file-as">Doe, Jane</meta>
          <dc:contributor id="c2">Ed Itor</dc:contributor>
          <meta refines="#c2" property="role" scheme="marc:relators">edt</meta>
          <dc:language>fr</dc:language>
          <meta property="belongs-to-collection" id="s1">A Set</meta>
          <meta refines="#s1" property="collection-type">set</meta>
          <meta property="belongs-to-collection" id="s2">The Series</meta>
          <meta refines="#s2" property="collection-type">series</meta>
          <meta refines="#s2" property="group-position">4</meta>
          <meta property="rendition:layout">pre-paginated</meta>
        </metadata>
        <manifest>
          <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
          <item id="img" href="art/Cover.png" media-type="image/png"/>
          <item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>
          <item id="b" href="sub/b.xhtml" media-type="application/xhtml+xml"/>
        </manifest>
        <spine><itemref idref="a"/><itemref idref="b"/></spine>
      </package>
      """
    let nav = """
      <?xml version="1.0" encoding="UTF-8"?>
      <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
      <body>
        <nav epub:type="landmarks"><ol><li><a href="sub/b.xhtml">Wrong list</a></li></ol></nav>
        <nav epub:type="toc"><h1>Contents</h1><ol>
          <li><span>Part One</span><ol>
            <li><a href="a.xhtml#s1">Section <em>one</em></a></li>
            <li><a href="sub/b.xhtml">B</a></li>
          </ol></li>
        </ol></nav>
      </body></html>
      """
    var zip = TestZip.epub(
      opf: opf,
      files: [
        "OEBPS/nav.xhtml": nav, "OEBPS/art/Cover.png": "PNG",
        "OEBPS/a.xhtml": TestZip.chapter("A", "Alpha."),
        "OEBPS/sub/b.xhtml": TestZip.chapter("B", "Beta."),
      ])
    zip.entries[0].data = Array("application/zip".utf8)
    let book = try open(zip)
    #expect(book.metadata.title == "Main Title")
    #expect(book.metadata.subtitle == "A Subtitle Here")
    #expect(book.metadata.creators.map(\.name) == ["Jane Doe", "Ed Itor"])
    #expect(book.metadata.creators.map(\.role) == ["aut", "edt"])
    #expect(book.metadata.creators.first?.fileAs == "Doe, Jane")
    #expect(book.metadata.series == Metadata.Series(name: "The Series", position: "4"))
    #expect(book.metadata.coverHref == "OEBPS/art/Cover.png")
    #expect(book.toc.map(\.title) == ["Part One"])
    #expect(book.toc[0].chapterIndex == 0)
    #expect(book.toc[0].fragment == "s1")
    #expect(book.toc[0].children.map(\.title) == ["Section one", "B"])
    #expect(book.chapters.map(\.title) == ["Section one", "B"])
    #expect(book.warnings.contains { $0.entry == "mimetype" })
    // A fixed-layout book: its pages are drawn whole, with no note about reflowing.
    #expect(!book.warnings.contains { $0.message.contains("fixed-layout") })
    #expect(try book.text(ofChapter: 0).fixedLayout != nil)
  }

  @Test func aContributorWithoutARoleIsNotAnAuthor() throws {
    let opf = """
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
          <dc:title>T</dc:title>
          <dc:creator>First Author</dc:creator>
          <dc:contributor>Production Services</dc:contributor>
          <dc:creator>Second Author</dc:creator>
          <dc:contributor id="c1">Ed Itor</dc:contributor>
          <meta refines="#c1" property="role" scheme="marc:relators">edt</meta>
        </metadata>
        <manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/></manifest>
        <spine><itemref idref="a"/></spine>
      </package>
      """
    let book = try open(
      .epub(opf: opf, files: ["OEBPS/a.xhtml": TestZip.chapter("A", "Alpha.")]))
    #expect(book.metadata.authors == ["First Author", "Second Author"])
    #expect(book.metadata.creators.map(\.name).suffix(2) == ["Production Services", "Ed Itor"])
    #expect(book.metadata.creators.map(\.role).suffix(2) == ["ctb", "edt"])
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func theAccessibleEPUBHasOneAuthor() throws {
    let book = try Book.open(Corpus.path("epub/idpf-accessible_epub_3.epub"))
    #expect(book.metadata.authors == ["Matt Garrish"])
    #expect(book.metadata.creators.filter { $0.role == "ctb" }.count == 6)
  }

  @Test func fallsBackToTheSpineWithoutNavOrNCX() throws {
    let opf = """
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"/>
        <manifest>
          <item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>
          <item id="b" href="b.xhtml" media-type="application/xhtml+xml"/>
        </manifest>
        <spine><itemref idref="a" linear="no"/><itemref idref="b"/></spine>
      </package>
      """
    var zip = TestZip.epub(
      opf: opf,
      files: [
        "OEBPS/a.xhtml": TestZip.chapter("A", "Alpha."),
        "OEBPS/b.xhtml": TestZip.chapter("B", "Beta."),
      ],
      containerXML: nil)
    zip.entries.removeFirst()  // no mimetype either
    let path = try zip.write(named: "No Title Book.epub")
    let book = try Book.open(path)
    #expect(book.metadata.title == "No Title Book")
    #expect(book.toc.map(\.chapterIndex) == [1])
    #expect(book.toc.map(\.title) == [book.chapters[1].title])
    #expect(!book.chapters[1].title.isEmpty)
    for entry in ["mimetype", "META-INF/container.xml"] {
      #expect(book.warnings.contains { $0.entry == entry })
    }
  }

  @Test func refusesBooksWithoutAPackageOrChapters() throws {
    var zip = TestZip()
    zip.add("mimetype", "application/epub+zip")
    zip.add("hello.txt", "not an EPUB")
    let noPackage = #expect(throws: BookError.self) { try open(zip) }
    #expect(noPackage?.code == .invalidPackage)

    let missingOPF = TestZip.epub(opf: "<package/>")
    var moved = missingOPF
    moved.entries[2].name = "elsewhere/content.opf"
    let notFound = #expect(throws: BookError.self) { try open(moved) }
    #expect(notFound?.code == .invalidPackage)
    #expect(notFound?.entry == "META-INF/container.xml")

    let broken = #expect(throws: BookError.self) { try open(.epub(opf: "<package><oops>")) }
    #expect(broken?.code == .malformedDocument)
    #expect(broken?.entry == "OEBPS/content.opf")

    let empty = #expect(throws: BookError.self) {
      try open(
        .epub(
          opf: """
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0">
              <manifest><item id="a" href="gone.xhtml" media-type="application/xhtml+xml"/>
              </manifest><spine><itemref idref="a"/></spine></package>
            """))
    }
    #expect(empty?.code == .invalidPackage)
  }

  @Test func passesTheLimitsToTheContainer() throws {
    var options = ImportOptions()
    options.limits.maxEntryCount = 3
    let zip = TestZip.epub(opf: Self.epub2OPF, files: ["OEBPS/toc.ncx": Self.epub2NCX])
    let error = #expect(throws: BookError.self) { try open(zip, options: options) }
    #expect(error?.code == .limitExceeded)
  }
}
