import Foundation
import Testing

@testable import QuireBook

/// The shared corpus's FictionBook (Alice, generated from the Gutenberg text), plain and
/// zipped.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct FB2CorpusTests {
  static let plain = Corpus.path("fb2/alice-in-wonderland_pg11_generated.fb2")
  static let zipped = Corpus.path("fb2/alice-in-wonderland_pg11_generated.fb2.zip")

  @Test func metadataChaptersAndContents() throws {
    let book = try Book.open(Self.plain)
    #expect(book.format == .fb2(encoding: "UTF-8"))
    #expect(book.metadata.title == "Alice’s Adventures in Wonderland")
    #expect(book.metadata.authors == ["Lewis Carroll"])
    #expect(book.metadata.language == "en")
    #expect(book.metadata.subjects == ["child_tale"])
    let cover = try #require(book.metadata.coverHref)
    #expect(ImageHeader.format(of: try book.resource(at: cover)) == .jpeg)
    // The body's title and epigraph, twelve chapters, the notes.
    #expect(book.chapters.count == 14)
    #expect(book.readingOrder.count == 13)
    #expect(book.chapters[1].title == "CHAPTER I. Down the Rabbit-Hole")
    #expect(book.chapters[12].title == "CHAPTER XII. Alice’s Evidence")
    #expect(
      book.toc.map(\.title).dropFirst().prefix(2) == [
        "CHAPTER I. Down the Rabbit-Hole", "CHAPTER II. The Pool of Tears",
      ])
    #expect(book.warnings.isEmpty)
  }

  @Test func textHasNoMarkupAndKeepsVerseAndNotes() throws {
    let book = try Book.open(Self.plain)
    var verse = 0
    var references = 0
    for index in book.chapters.indices {
      let text = try book.text(ofChapter: index)
      #expect(!text.string.contains("<"), "chapter \(index + 1)")
      #expect(!text.string.contains("section"), "chapter \(index + 1)")
      verse += text.paragraphs.filter { $0.value.role == .verse }.count
      references += text.runs.filter(\.value.isNoteReference).count
      #expect(try book.warnings(ofChapter: index).isEmpty)
    }
    // 112 <v> lines, their poems' <text-author>s aside; six note references.
    #expect(verse >= 112)
    #expect(references == 6)
    #expect(try book.text(ofChapter: 1).string.contains("Alice was beginning to get very tired"))
  }

  @Test func theZippedFileIsTheSameBook() throws {
    let plain = try Book.open(Self.plain)
    let zipped = try Book.open(Self.zipped)
    #expect(zipped.format == .fb2Zip(encoding: "UTF-8"))
    #expect(zipped.metadata == plain.metadata)
    #expect(zipped.chapters == plain.chapters)
    #expect(zipped.toc == plain.toc)
    for index in plain.chapters.indices {
      #expect(try zipped.text(ofChapter: index).string == plain.text(ofChapter: index).string)
    }
  }
}
