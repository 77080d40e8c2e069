import Foundation
import Testing

@testable import QuireBook

/// Kindle books of the shared corpus (calibre conversions of corpus EPUBs): AZW3 (KF8) and
/// old MOBI 6, opened as a reader would and compared with the EPUB they came from.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct MobipocketImporterTests {
  static let epub = Corpus.path("epub/pg11-alice-in-wonderland_epub2-ncx.epub")
  static let azw3 = Corpus.path("azw3/pg11-alice-in-wonderland_calibre-kf8.azw3")
  static let mobi = Corpus.path("mobi/pg11-alice-in-wonderland_calibre-old.mobi")

  @Test(arguments: [azw3, mobi])
  func metadataComesFromTheHeaders(_ path: String) throws {
    let book = try Book.open(path)
    #expect(book.format == (path == Self.azw3 ? .kf8 : .mobi))
    #expect(book.metadata.title == "Alice's Adventures in Wonderland")
    #expect(book.metadata.authors == ["Lewis Carroll"])
    #expect(book.metadata.language == "en")
    let cover = try #require(book.metadata.coverHref)
    #expect(ImageHeader.format(of: try book.resource(at: cover)) == .jpeg)
    #expect(book.warnings.isEmpty, "\(book.warnings)")
  }

  @Test(arguments: [azw3, mobi])
  func theContentsLeadToTheirChapters(_ path: String) throws {
    let book = try Book.open(path)
    let entry = try #require(book.toc.flattened().first { $0.entry.title.hasPrefix("CHAPTER I.") })
    let locator = try #require(book.locator(for: entry.entry))
    let text = try book.text(ofChapter: locator.chapterIndex)
    #expect(text.substring(locator.offset..<text.length).hasPrefix("CHAPTER I."))
    #expect(
      text.substring(locator.offset..<text.length).contains("Alice was beginning to get very tired")
    )
    #expect(!text.string.contains("<"))
    #expect(!text.string.contains("mbp:"))
  }

  @Test func oldMobipocketIsSplitAtItsPageBreaks() throws {
    let book = try Book.open(Self.mobi)
    #expect(book.chapters.count > 12)
    // Every chapter heading starts a page of its own, as in the EPUB.
    for entry in book.toc.flattened() where entry.entry.title.hasPrefix("CHAPTER ") {
      let locator = try #require(book.locator(for: entry.entry))
      let text = try book.text(ofChapter: locator.chapterIndex)
      let before = text.substring(0..<locator.offset).trimmingCharacters(
        in: .whitespacesAndNewlines)
      #expect(before.isEmpty, "\(entry.entry.title): \(before.prefix(80))")
    }
  }

  /// The twelve chapters of the EPUB, the AZW3 and the MOBI made from it: the same words.
  @Test func theSameChaptersAndTextAsTheEPUBTheyCameFrom() throws {
    let reference = try chapterTexts(of: Book.open(Self.epub))
    #expect(reference.count == 12)
    for path in [Self.azw3, Self.mobi] {
      let texts = try chapterTexts(of: Book.open(path))
      #expect(texts.map(\.title) == reference.map(\.title), "\(path)")
      for (mine, theirs) in zip(texts, reference) {
        #expect(mine.words == theirs.words, "\(path): \(mine.title)")
      }
    }
  }

  /// A MOBI 6 page's Mobipocket attributes are styles when the page is read: the Sherlock
  /// title page's `align="center"` and `<font size="7">`, its byline's `width="1em"`.
  @Test func mobipocketAttributesBecomeStyles() throws {
    let book = try Book.open(
      Corpus.path("mobi/se-the-adventures-of-sherlock-holmes_calibre-old.mobi"))
    let text = try book.text(ofChapter: 0)
    let title = try #require(text.string.range(of: "DVENTURES")).lowerBound
    let offset = text.string.utf16.distance(from: text.string.startIndex, to: title)
    let paragraph = try #require(text.paragraphs.first { $0.range.contains(offset) })
    #expect(paragraph.value.alignment == .center)
    #expect(text.runs.contains { $0.range.contains(offset) && $0.value.fontScale > 1 })
    let byline = try #require(text.string.range(of: "By A")).lowerBound
    let bylineOffset = text.string.utf16.distance(from: text.string.startIndex, to: byline)
    let bylineStyle = try #require(text.paragraphs.first { $0.range.contains(bylineOffset) })
    #expect(bylineStyle.value.firstLineIndent > 0)
  }

  /// The words of each chapter "CHAPTER …" from its contents entry to its chapter's end.
  private func chapterTexts(of book: Book) throws -> [(title: String, words: [Substring])] {
    try book.toc.flattened().filter { $0.entry.title.hasPrefix("CHAPTER ") }.map { item in
      let locator = try #require(book.locator(for: item.entry))
      let text = try book.text(ofChapter: locator.chapterIndex)
      let words = text.substring(locator.offset..<text.length)
        .replacingOccurrences(of: "\u{FFFC}", with: " ")
        .split(whereSeparator: { $0.isWhitespace })
      return (collapsedWhitespace(item.entry.title), words)
    }
  }
}
