import Foundation
import Testing

@testable import QuireBook

/// Comics in 7-Zip archives (CB7) read through libarchive as CBZ ones are: pages in
/// natural order, ComicInfo, each page's picture; hostile archives refused or cleaned.
@Suite struct ComicArchiveTests {
  static let folder = Corpus.fixtures + "/cbz"
  /// The manga fixture repacked with `bsdtar --format 7zip`, its pages stored last first.
  static let manga = folder + "/manga-five-pages.cb7"

  @Test func aSevenZipComicOpensAsTheSameZipComicDoes() throws {
    let book = try Book.open(Self.manga)
    let zipped = try Book.open(Self.folder + "/manga-five-pages.cbz")
    #expect(book.format == .comicArchive("CB7"))
    #expect(book.format.displayName == "CB7 (comic)")
    #expect(book.chapters.map(\.href) == (1...5).map { "page\($0).png" })
    #expect(book.metadata == zipped.metadata)
    #expect(book.metadata.progressesRightToLeft)
    for index in book.chapters.indices {
      // Every page's picture is the ZIP's, byte for byte, and sized from its header.
      let href = try #require(book.chapters[index].href)
      #expect(try book.resource(at: href) == zipped.resource(at: href))
      #expect(try book.text(ofChapter: index).fixedLayout?.width == 300)
    }
    #expect(try book.contentHash == Book.open(Self.manga).contentHash)
  }

  @Test func anEntryThatWouldInflatePastTheLimitIsRefusedBeforeItIs() throws {
    // 100,000,000 zero bytes in 15 KB, with one real page beside them.
    let path = Self.folder + "/bomb-100mb-page.cb7"
    let error = try #require(throws: BookError.self) { try Book.open(path) }
    #expect(error.code == .limitExceeded)
    #expect(error.entry == "zero.png")
    #expect(error.detail.contains("100,000,000"))
  }

  @Test func anEntryNamedOutsideTheBookIsLeftOutAndSaidSo() throws {
    let book = try Book.open(Self.folder + "/unsafe-name.cb7")
    #expect(book.chapters.map(\.href) == ["page2.png"])
    #expect(book.warnings.contains { $0.message.contains("\"../escape.png\"") })
  }

  @Test(arguments: [900, 200, 40, 6])
  func aTruncatedArchiveIsAClearErrorNamingTheFile(_ length: Int) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.manga)).prefix(length)
    let path = try ScratchFolder.file("truncated.cb7")
    try bytes.write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let book = try Book.open(path)
      // What opens must still read (or refuse) each page without a crash.
      for index in book.chapters.indices { _ = try? book.text(ofChapter: index) }
    } catch let error as BookError {
      #expect(error.path == path)
      #expect(error.code == .corruptArchive || error.code == .invalidPackage, "\(error)")
    }
  }

  @Test func aPrefixIsReadWithoutTheRest() throws {
    let container = try ArchiveContainer(path: Self.manga, kind: .sevenZip, limits: ImportLimits())
    let whole = try container.read("page3.png")
    #expect(try container.readPrefix("page3.png", maxBytes: 24) == whole.prefix(24))
    #expect(try container.readPrefix("page3.png", maxBytes: 1 << 20) == whole)
    #expect(throws: BookError.self) { try container.read("page9.png") }
  }
}
