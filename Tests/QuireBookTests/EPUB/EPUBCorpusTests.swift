import Foundation
import Testing

@testable import QuireBook

/// Every EPUB of the shared corpus, opened as a reader would: metadata, chapters, TOC.
@Suite(
  .tags(.corpus), .unlessSkipping(.corpus), .enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct EPUBCorpusTests {
  /// What each book must show.
  struct Expectation: Sendable, CustomTestStringConvertible {
    var file: String
    var title: String
    var author: String
    var language: String
    var version: String
    var chapters: Int
    var linear: Int
    /// A phrase of the book's text and the chapter (by TOC title) it is in.
    var phrase: (chapter: String, text: String)

    var testDescription: String { file }
  }

  static let books: [Expectation] = [
    Expectation(
      file: "idpf-moby-dick.epub", title: "Moby-Dick", author: "Herman Melville",
      language: "en-US", version: "3.0", chapters: 144, linear: 142,
      phrase: ("Chapter 1. Loomings.", "Call me Ishmael")),
    Expectation(
      file: "se-war-and-peace.epub", title: "War and Peace", author: "Leo Tolstoy",
      language: "en-US", version: "3.0", chapters: 393, linear: 393,
      phrase: ("Dramatis Personae", "Bezúkhov")),
    Expectation(
      file: "se-the-brothers-karamazov.epub", title: "The Brothers Karamazov",
      author: "Fyodor Dostoevsky", language: "en-US", version: "3.0", chapters: 120, linear: 120,
      phrase: ("Epigraph", "corn of wheat")),
    Expectation(
      file: "se-the-adventures-of-sherlock-holmes.epub",
      title: "The Adventures of Sherlock Holmes", author: "Arthur Conan Doyle",
      language: "en-GB", version: "3.0", chapters: 16, linear: 16,
      phrase: ("A Scandal in Bohemia", "To Sherlock Holmes she is always")),
    Expectation(
      file: "pg11-alice-in-wonderland_epub2-ncx.epub", title: "Alice's Adventures in Wonderland",
      author: "Lewis Carroll", language: "en", version: "2.0", chapters: 15, linear: 15,
      phrase: ("CHAPTER I. Down the Rabbit-Hole", "Alice was beginning to get very tired")),
    Expectation(
      file: "idpf-childrens-literature.epub", title: "Children's Literature",
      author: "Charles Madison Curry", language: "en", version: "3.0", chapters: 3, linear: 3,
      phrase: ("BIBLIOGRAPHY", "FOUR-LEAVED CLOVER")),
    Expectation(
      file: "idpf-accessible_epub_3.epub", title: "Accessible EPUB 3", author: "Matt Garrish",
      language: "en", version: "3.0", chapters: 22, linear: 21,
      phrase: ("1. Introduction", "The Digital Famine")),
    Expectation(
      file: "idpf-georgia-cfi.epub", title: "Georgia", author: "Various", language: "en-US",
      version: "3.0", chapters: 2, linear: 1, phrase: ("GEORGIA", "Climate and Soils")),
    Expectation(
      file: "idpf-cole-voyage-of-life.epub", title: "Thomas Cole - The Voyage of Life",
      author: "Jesse Dylan", language: "en-US", version: "3.0", chapters: 10, linear: 10,
      phrase: ("Childhood", "Childhood")),
    Expectation(
      file: "idpf-wasteland-otf-obf.epub", title: "The Waste Land", author: "T.S. Eliot",
      language: "en-US", version: "3.0", chapters: 1, linear: 1,
      phrase: ("I. THE BURIAL OF THE DEAD", "April is the cruellest month")),
    Expectation(
      file: "idpf-regime-anticancer-arabic.epub", title: "Le Vrai Régime anti-cancer",
      author: "Pr David Khayat", language: "ar", version: "3.0", chapters: 3, linear: 3,
      phrase: ("Commencer la lecture", "السرطان")),
  ]

  @Test(arguments: books)
  func opensWithItsMetadataAndChapters(_ expected: Expectation) throws {
    let book = try CorpusBooks.book("epub/" + expected.file)
    #expect(book.format == .epub(version: expected.version))
    #expect(book.metadata.title == expected.title)
    #expect(book.metadata.creators.first?.name == expected.author)
    #expect(book.metadata.language == expected.language)
    #expect(book.metadata.identifier?.isEmpty == false)
    #expect(book.chapters.count == expected.chapters)
    #expect(book.readingOrder.count == expected.linear)
    #expect(book.contentHash.count == 64)
    for chapter in book.chapters {
      #expect(!chapter.title.isEmpty)
      #expect(chapter.estimatedLength > 0)
    }
    if let cover = book.metadata.coverHref {
      #expect(try book.resource(at: cover).count > 1000)
    }
  }

  /// Every TOC entry leads to a chapter, and the chapter's text holds what the entry names.
  @Test(arguments: books)
  func everyTOCEntryResolvesToAChapter(_ expected: Expectation) throws {
    let book = try CorpusBooks.book("epub/" + expected.file)
    let entries = book.toc.flattened()
    #expect(!entries.isEmpty)
    for (entry, _) in entries {
      #expect(entry.chapterIndex.map(book.chapters.indices.contains) == true, "\(entry.title)")
    }
    #expect(!book.warnings.contains { $0.message.contains("not a chapter") })
    let (title, phrase) = expected.phrase
    let entry = try #require(entries.first { $0.entry.title == title }?.entry)
    let text = try book.text(ofChapter: try #require(entry.chapterIndex))
    #expect(text.string.contains(phrase))
  }

  @Test func sherlockNestsPartsUnderTheirStory() throws {
    let book = try CorpusBooks.book("epub/se-the-adventures-of-sherlock-holmes.epub")
    #expect(book.toc.count == 16)
    let scandal = try #require(book.toc.first { $0.title == "A Scandal in Bohemia" })
    #expect(scandal.fragment == nil)
    #expect(book.chapters[try #require(scandal.chapterIndex)].title == "A Scandal in Bohemia")
    #expect(scandal.children.map(\.title) == ["I", "II", "III"])
    #expect(scandal.children.map(\.fragment) == (1...3).map { "a-scandal-in-bohemia-\($0)" })
    #expect(scandal.children.allSatisfy { $0.chapterIndex == scandal.chapterIndex })
    #expect(book.metadata.series == Metadata.Series(name: "Sherlock Holmes", position: "3"))
    #expect(book.metadata.publisher == "Standard Ebooks")
    #expect(book.metadata.coverHref == "epub/images/cover.svg")
    #expect(book.metadata.subjects.count == 3)
    #expect(book.metadata.description?.hasPrefix("The world’s first consulting detective") == true)
    let illustrator = book.metadata.creators.first { $0.name == "Thomas Eakins" }
    #expect(illustrator?.role == "art")
    #expect(illustrator?.fileAs == "Eakins, Thomas")
    #expect(book.metadata.creators.first?.role == "aut")
  }

  @Test func childrensLiteratureKeepsSpanHeadingsWithTheirChildren() throws {
    let book = try CorpusBooks.book("epub/idpf-childrens-literature.epub")
    #expect(
      book.metadata.subtitle == "A Textbook of Sources for Teachers and Teacher-Training Classes")
    let heading = try #require(book.toc.flattened().first { $0.entry.title == "Abram S. Isaacs" })
    let child = try #require(heading.entry.children.first)
    #expect(child.title == "190 A FOUR-LEAVED CLOVER")
    #expect(child.children.count == 4)  // the hidden list is still part of the TOC
    #expect(heading.entry.chapterIndex == child.chapterIndex)
    #expect(heading.entry.fragment == child.fragment)
    #expect(heading.depth == 1)
  }

  @Test func aliceUsesTheNCXAndTheEPUB2Cover() throws {
    let book = try CorpusBooks.book("epub/pg11-alice-in-wonderland_epub2-ncx.epub")
    #expect(book.toc.count == 16)
    let first = try #require(book.toc.first { $0.title == "CHAPTER I. Down the Rabbit-Hole" })
    #expect(first.chapterIndex == 2)
    #expect(first.fragment == "pgepubid00003")
    #expect(book.chapters[2].title == "CHAPTER I. Down the Rabbit-Hole")
    #expect(book.chapters[2].href == "OEBPS/8860606395858576540_11-h-1.htm.html")
    #expect(book.metadata.coverHref == "OEBPS/5763489575526147435_cover.jpg")
    #expect(book.metadata.creators.first?.fileAs == "Carroll, Lewis")
    #expect(book.metadata.date == "2008-06-27")
    #expect(book.metadata.rights == "Public domain in the USA.")
    #expect(book.contentHash == "4aff8e93d946cab99b6c444eed249d0935a897f78bca83f05601239518ef89f9")
  }

  @Test func nonLinearItemsStayReachableButOutOfTheReadingOrder() throws {
    let book = try CorpusBooks.book("epub/idpf-moby-dick.epub")
    let nonLinear = book.chapters.indices.filter { !book.chapters[$0].isLinear }
    #expect(nonLinear.map { book.chapters[$0].href } == ["OPS/cover.xhtml", "OPS/toc.xhtml"])
    #expect(!book.readingOrder.contains(nonLinear[0]))
    #expect(book.locator(forHref: "OPS/toc.xhtml")?.chapterIndex == nonLinear[1])
    #expect(try book.text(ofChapter: nonLinear[1]).string.contains("Loomings"))
  }

  /// Fixed-layout pages are drawn whole (FixedLayoutImportTests) and obfuscated fonts are
  /// restored (see EmbeddedFontTests), so neither needs a note.
  @Test func fixedLayoutAndObfuscatedFontsOpenWithoutANote() throws {
    let cole = try CorpusBooks.book("epub/idpf-cole-voyage-of-life.epub")
    #expect(!cole.warnings.contains { $0.message.contains("fixed-layout") })
    let wasteland = try CorpusBooks.book("epub/idpf-wasteland-otf-obf.epub")
    #expect(!wasteland.warnings.contains { $0.entry == "META-INF/encryption.xml" })
  }

  /// The size estimate feeds progress before a chapter is loaded: it must be the right
  /// order of magnitude.
  @Test func estimatesChapterLengthFromTheDocumentSize() throws {
    let book = try CorpusBooks.book("epub/se-war-and-peace.epub")
    let index = try #require(
      book.toc.flattened().first { $0.entry.title == "I" }?.entry.chapterIndex)
    let actual = try book.text(ofChapter: index).length
    let estimate = book.chapters[index].estimatedLength
    #expect(estimate > actual / 3 && estimate < actual * 3, "\(estimate) vs \(actual)")
  }
}

@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct EPUBContributorTests {
  @Test func translatorWhoAlsoAnnotatedIsShownAsTranslator() throws {
    let book = try CorpusBooks.book("epub/se-war-and-peace.epub")
    let maudes = book.metadata.creators.filter { $0.name.hasSuffix("Maude") }
    #expect(maudes.map(\.role) == ["trl", "trl"])
    #expect(book.metadata.description?.contains("War and Peace, many") == true)
  }
}
