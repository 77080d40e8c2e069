import Testing

@testable import QuireBook

/// Pride and Prejudice, Alice and War and Peace (UTF-8 with BOM and CRLF, and Latin-1):
/// chapter counts, contents lists, BOOK/EPILOGUE parents, Gutenberg boilerplate, metadata.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct EnglishTXTImportTests {
  static let pride = importCorpusBook("txt/en/pride-and-prejudice_pg1342_utf8.txt")
  static let alice = importCorpusBook("txt/en/alice-in-wonderland_pg11_utf8.txt")
  static let warAndPeace = importCorpusBook("txt/en/war-and-peace_pg2600_utf8-bom-crlf.txt")
  static let warAndPeaceLatin1 = importCorpusBook("txt/en/war-and-peace_pg2600_latin1.txt")

  @Test func prideAndPrejudiceHas61ChaptersAfterItsPreface() throws {
    let book = try #require(Self.pride)
    #expect(book.format == .txt(encoding: "UTF-8"))
    #expect(book.bodyChapters.count == 62)
    #expect(book.bodyChapters.first?.title == "PREFACE.")
    #expect(book.bodyChapters.dropFirst().first?.title == "Chapter I.")
    #expect(book.bodyChapters.last?.title == "CHAPTER LXI.")
    #expect(book.chapters.first?.role == .frontMatter)
    #expect(book.metadata.language == "en")
  }

  @Test func aliceContentsListIsNotChapters() throws {
    let book = try #require(Self.alice)
    #expect(book.bodyChapters.count == 12)
    #expect(book.bodyChapters.first?.title == "CHAPTER I. Down the Rabbit-Hole")
    #expect(book.bodyChapters.last?.title == "CHAPTER XII. Alice’s Evidence")
    let front = try book.text(ofChapter: 0)
    #expect(book.chapters[0].role == .frontMatter)
    #expect(front.string.contains("Contents"))
    #expect(front.string.contains("The Lobster Quadrille"))
  }

  /// Books without the Gutenberg header take title and author from their title page.
  @Test func titleAndAuthorComeFromTheTitlePage() throws {
    let alice = try #require(Self.alice)
    #expect(alice.metadata.title == "Alice’s Adventures in Wonderland")
    #expect(alice.metadata.creators.map(\.name) == ["Lewis Carroll"])
    let pride = try #require(Self.pride)
    #expect(pride.metadata.title == "Pride and Prejudice")
    #expect(pride.metadata.creators.map(\.name) == ["Jane Austen"])
  }

  @Test func aTitlePageIsReadOnlyWhenItLooksLikeOne() {
    #expect(
      TXTMetadata.titlePage(["[Illustration]", "THE TIME MACHINE", "By H. G. Wells"])?.title
        == "The Time Machine")
    #expect(TXTMetadata.titlePage(["Some words", "by the same author:", "Other books"]) == nil)
    #expect(TXTMetadata.titlePage(["[Illustration: by the river]"]) == nil)
    #expect(TXTMetadata.titlePage([]) == nil)
  }

  @Test func indentedVerseKeepsItsLineBreaks() throws {
    let book = try #require(Self.alice)
    let index = try #require(book.chapters.firstIndex { $0.title.hasPrefix("CHAPTER II.") })
    let text = try book.text(ofChapter: index)
    let verse = try #require(
      text.paragraphs.first { text.substring($0.range).hasPrefix("“How doth the little crocodile") }
    )
    #expect(verse.value.role == .verse)
    let lines = text.substring(verse.range).dropLast().split(separator: "\u{2028}")
    #expect(lines.first == "“How doth the little crocodile")
    #expect(
      lines == [
        // The source indents every other line by four spaces: kept, unbreakable.
        "“How doth the little crocodile", "\u{A0}\u{A0}\u{A0}\u{A0}Improve his shining tail,",
        "And pour the waters of the Nile", "\u{A0}\u{A0}\u{A0}\u{A0}On every golden scale!",
      ])
    // Prose lines are joined with a space.
    #expect(
      text.string.contains("“Curiouser and curiouser!” cried Alice (she was so much surprised"))
  }

  @Test func warAndPeaceHas365ChaptersUnderBooksAndEpilogues() throws {
    for book in [Self.warAndPeace, Self.warAndPeaceLatin1] {
      let book = try #require(book)
      #expect(book.bodyChapters.count == 365)
      #expect(book.bodyChapters.allSatisfy { $0.title.hasPrefix("CHAPTER ") })
      let parents = book.toc.filter { !$0.children.isEmpty }
      #expect(parents.count == 17)
      #expect(parents.first?.title == "BOOK ONE: 1805")
      #expect(parents.dropLast().last?.title == "FIRST EPILOGUE: 1813 - 20")
      #expect(parents.last?.title == "SECOND EPILOGUE")
      #expect(parents.reduce(0) { $0 + $1.children.count } == 365)
      #expect(parents.last?.children.count == 12)
      // The folded parent's heading opens its first chapter's text.
      let firstChapter = try #require(parents.first?.children.first?.chapterIndex)
      #expect(
        try book.text(ofChapter: firstChapter).string.hasPrefix("BOOK ONE: 1805\nCHAPTER I\n"))
      #expect(book.metadata.title == "War and Peace")
      #expect(book.metadata.authors == ["Leo Tolstoy"])
      #expect(book.metadata.language == "en")
    }
  }

  @Test func encodingsAreNamed() throws {
    #expect(try #require(Self.warAndPeace).format == .txt(encoding: "UTF-8"))
    #expect(try #require(Self.warAndPeaceLatin1).format == .txt(encoding: "windows-1252"))
    // The 17 accented bytes of the Latin-1 edition decode to letters, not U+FFFD.
    let book = try #require(Self.warAndPeaceLatin1)
    #expect(book.warnings.isEmpty)
    #expect(!book.allTexts.contains { $0.string.contains("\u{FFFD}") })
  }

  @Test func gutenbergBoilerplateIsBackMatter() throws {
    let book = try #require(Self.warAndPeace)
    let firstBody = try #require(book.chapters.firstIndex { $0.role == .body })
    #expect(try !book.text(ofChapter: firstBody).string.contains("Gutenberg"))
    #expect(try !book.text(ofChapter: 0).string.contains("START OF THIS PROJECT"))
    let back = book.chapters.indices.filter { book.chapters[$0].role == .backMatter }
    #expect(back == [book.chapters.count - 2, book.chapters.count - 1])
    let licence = try book.text(ofChapter: book.chapters.count - 1).string
    #expect(licence.hasPrefix("*** END OF THIS PROJECT GUTENBERG EBOOK WAR AND PEACE ***"))
    #expect(licence.contains("Project Gutenberg"))
    let lastBody = try book.text(ofChapter: book.chapters.count - 3).string
    #expect(!lastBody.contains("END OF THIS PROJECT"))
  }

  @Test func noChapterIsEmptyOrAbsurdlyLong() throws {
    for book in [Self.pride, Self.alice, Self.warAndPeace] {
      let book = try #require(book)
      #expect(book.shortestBodyTextLength > 500)
      #expect(book.chapters.allSatisfy { $0.estimatedLength < 100_000 })
    }
  }

  @Test func contentHashIsTheFileSHA256() throws {
    // `sha256sum alice-in-wonderland_pg11_utf8.txt`
    #expect(
      try #require(Self.alice).contentHash
        == "f17aa0bf7466424a8b357b688678666bad7a0148963ef349016a3098faa6bd1e")
  }

  /// Blank lines do not show on a page: as in a printed book, paragraphs after the first are
  /// indented and headings are set larger than the text.
  @Test func paragraphsAfterTheFirstAreIndentedAndHeadingsLarger() throws {
    let book = try #require(Self.warAndPeace)
    let index = try #require(book.chapters.firstIndex { $0.title.hasPrefix("CHAPTER II") })
    let text = try book.text(ofChapter: index)
    let paragraphs = text.paragraphs
    guard case .heading = paragraphs[0].value.role else {
      Issue.record("the chapter does not start with its heading")
      return
    }
    let headingRun = try #require(text.runs.first { $0.range.contains(0) })
    #expect(headingRun.value.fontScale > 1.2)
    let body = paragraphs.dropFirst()
    #expect(body.first?.value.firstLineIndent == 0)
    // The translator's note ("* The most fascinating woman…") is a note, set apart.
    let story = body.dropFirst().filter { $0.value.role == .body }
    #expect(story.count >= body.count - 3)
    #expect(story.allSatisfy { $0.value.firstLineIndent == 1.5 })
    let bodyRun = try #require(
      text.runs.first { $0.range.contains(paragraphs[1].range.lowerBound) })
    #expect(bodyRun.value.fontScale == 1)
  }
}
