import Testing

@testable import QuireBook

/// The corpus books that showed the TXT structure defects.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct TXTStructureCorpusTests {
  @Test func dieVerwandlungHasItsThreePartsTitleAndAuthor() throws {
    let book = try Book.open(Corpus.path("txt/de/die-verwandlung_pg22367_utf8.txt"))
    #expect(book.bodyChapters.map(\.title) == ["I.", "II.", "III."])
    #expect(book.metadata.title == "Die Verwandlung")
    #expect(book.metadata.authors == ["Franz Kafka"])
    #expect(book.metadata.language == "de")
    let first = try book.text(ofChapter: 1).string
    #expect(first.hasPrefix("I.\nAls Gregor Samsa eines Morgens"))
  }

  @Test func prideAndPrejudiceHasItsPrefaceAsAChapter() throws {
    let book = try Book.open(Corpus.path("txt/en/pride-and-prejudice_pg1342_utf8.txt"))
    #expect(book.chapters.map(\.title).prefix(3) == ["Front Matter", "PREFACE.", "Chapter I."])
    #expect(book.bodyChapters.count == 62)
  }

  @Test func theGBKSanguoSaysWhichChapterItLeftOut() throws {
    let book = try Book.open(Corpus.path("txt/zh/sanguoyanyi_simplified_gbk-native.txt"))
    let warning = try #require(book.warnings.first { $0.message.contains("appears twice") })
    #expect(warning.message.contains("第三十五回"))
    #expect(book.bodyChapters.filter { $0.title.hasPrefix("第三十五回") }.count == 1)
  }

  @Test func warAndPeaceKeepsItsFirstChapterAfterTheContents() throws {
    let book = try Book.open(Corpus.path("txt/en/war-and-peace_pg2600_utf8-bom-crlf.txt"))
    #expect(book.bodyChapters.first?.title == "CHAPTER I")
    #expect(book.toc.dropFirst().first?.title == "BOOK ONE: 1805")
  }
}
