import Foundation
import Testing

@testable import QuireBook

/// Comic archives: pages in natural order, ComicInfo metadata, manga right to left, and
/// archives too big or hostile to open.
@Suite struct ComicImporterTests {
  static let corpusComic = Corpus.path("cbz/cole-voyage-of-life_12-pages_unpadded-names.cbz")

  /// A 1 × 1 PNG.
  static let pixel: [UInt8] = Array(
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"
    )!)

  @Test func namesSortAsAPersonReadsThem() {
    let names = [
      "page10.jpg", "page2.jpg", "Page1.jpg", "page002b.jpg", "a/page1.jpg", "page11.jpg",
    ]
    #expect(
      NaturalOrder.sorted(names) == [
        "a/page1.jpg", "Page1.jpg", "page2.jpg", "page002b.jpg", "page10.jpg", "page11.jpg",
      ])
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func theCorpusComicReadsInNaturalOrderWithItsComicInfo() throws {
    let book = try Book.open(Self.corpusComic)
    #expect(book.format == .cbz)
    #expect(book.chapters.map(\.href) == (1...12).map { "page\($0).jpg" })
    #expect(book.metadata.title == "The Voyage of Life")
    #expect(book.metadata.authors == ["Thomas Cole"])
    #expect(book.metadata.series == Metadata.Series(name: "The Voyage of Life", position: "1"))
    #expect(book.metadata.date == "1842")
    #expect(book.metadata.language == "en")
    #expect(book.metadata.coverHref == "page1.jpg")
    #expect(!book.metadata.progressesRightToLeft)
    let page = try book.text(ofChapter: 0)
    let picture = try #require(page.attachments.first)
    #expect(page.attachments.count == 1)
    #expect(picture.intrinsicSize?.width == 1024)
    #expect(ImageHeader.format(of: try book.resource(at: picture.href)) == .jpeg)
    #expect(page.paragraphs.first?.value.role == .figure)
    #expect(try book.warnings(ofChapter: 0).isEmpty)
  }

  @Test func mangaTurnsRightToLeft() throws {
    var zip = TestZip()
    zip.entries.append(TestZip.Entry(name: "001.png", data: Self.pixel))
    zip.entries.append(TestZip.Entry(name: "002.png", data: Self.pixel))
    zip.add(
      "ComicInfo.xml",
      "<ComicInfo><Series>Manga</Series><Number>3</Number><Manga>YesAndRightToLeft</Manga></ComicInfo>"
    )
    let book = try Book.open(try zip.write(named: "manga.cbz"))
    #expect(book.metadata.progressesRightToLeft)
    #expect(book.metadata.title == "Manga #3")
    #expect(book.chapters.count == 2)
  }

  @Test func tenThousandPagesOpenQuicklyInOrder() throws {
    var zip = TestZip()
    for page in (1...10_000).reversed() {
      zip.entries.append(TestZip.Entry(name: "p\(page).png", data: Self.pixel))
    }
    let path = try zip.write(named: "long.cbz")
    let clock = ContinuousClock()
    let start = clock.now
    let book = try Book.open(path)
    #expect(clock.now - start < .seconds(5))
    #expect(book.chapters.count == 10_000)
    #expect(book.chapters.first?.href == "p1.png")
    #expect(book.chapters.last?.href == "p10000.png")
    #expect(try book.text(ofChapter: 9_999).attachments.first?.intrinsicSize?.width == 1)
  }

  @Test func aBombIsRefusedBeforeInflating() throws {
    var zip = TestZip()
    zip.entries.append(TestZip.Entry(name: "001.png", data: Self.pixel))
    var bomb = TestZip.Entry(name: "002.png", data: Self.pixel)
    bomb.declaredSize = 3_000_000_000
    zip.entries.append(bomb)
    let path = try zip.write(named: "bomb.cbz")
    let error = #expect(throws: BookError.self) { try Book.open(path) }
    #expect(error?.path == path)
    #expect(error?.code == .limitExceeded)
  }

  @Test func anArchiveOfPagesThatAreNotImagesSaysSo() throws {
    var zip = TestZip()
    zip.add("001.jpg", "this is no picture")
    let book = try Book.open(try zip.write(named: "fake.cbz"))
    #expect(try book.warnings(ofChapter: 0).contains { $0.message.contains("not an image") })
  }
}
