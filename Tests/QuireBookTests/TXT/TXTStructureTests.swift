import Foundation
import Testing

@testable import QuireBook

/// Plain-text books come in as their makers meant: letters, prefaces and bare numerals as
/// chapters, contents lists one entry a line and never a chapter, duplicate chapters
/// reported, typewriter sentence spacing gone, title pages read when letter-spaced.
@Suite struct TXTStructureTests {
  private static func fixture(_ name: String) throws -> Book {
    try Book.open(Corpus.fixtures + "/txt/" + name)
  }

  private static func paragraphs(_ text: StyledText) -> [String] {
    text.paragraphs.map { text.substring($0.range).replacingOccurrences(of: "\n", with: "") }
  }

  @Test func lettersPrefacesAndConclusionsAreChapters() throws {
    let book = try Self.fixture("epistolary.txt")
    #expect(
      book.chapters.map(\.title) == [
        "Front Matter", "PREFACE", "Letter 1", "Letter 2", "LETTER III.", "Chapter 1",
        "Chapter 2", "CONCLUSION",
      ])
    #expect(book.metadata.title == "Letters from the North")
    #expect(book.metadata.authors == ["Mary Fielding"])
  }

  @Test func aContentsListIsSetOneEntryALineAndIsNoChapter() throws {
    let book = try Self.fixture("epistolary.txt")
    let front = try book.text(ofChapter: 0)
    let lines = Self.paragraphs(front)
    // Its last entry ("Chapter 2") is neither a chapter of its own nor run into the others.
    #expect(
      lines.suffix(6) == [
        "CONTENTS", "Letter 1", "Letter 2", "LETTER III.", "Chapter 1", "Chapter 2",
      ])
  }

  @Test func twoSpacesAfterASentenceBecomeOne() throws {
    let book = try Self.fixture("epistolary.txt")
    let preface = try book.text(ofChapter: 1).string
    #expect(preface.contains("as they were found. Nothing was changed."))
    let letter = try book.text(ofChapter: 2).string
    #expect(letter.contains("evil forebodings. I arrived"))
    #expect(letter.contains("my welfare. Is it not \"strange\"? It is."))
    #expect(!letter.contains("  "))
    // Lengths measured at import are those of the built text.
    for index in book.chapters.indices {
      #expect(try book.text(ofChapter: index).length + 1 >= book.chapters[index].estimatedLength)
    }
  }

  @Test func bareRomanNumeralsAreChaptersAndALetterSpacedTitlePageIsRead() throws {
    let book = try Self.fixture("roman-sections.txt")
    #expect(book.chapters.map(\.title) == ["Front Matter", "I.", "II.", "III."])
    #expect(book.metadata.title == "Das Kleine Buch")
    #expect(book.metadata.authors == ["Anna Schmidt"])
    #expect(book.metadata.language == "de")
  }

  @Test func aNumeralInsideTheTextIsNoHeading() throws {
    let book = try openText(
      "Some text before.\n\nThe list:\nI.\nand more text right after it.\n\nV\n\nEnd.\n")
    #expect(!book.chapters.map(\.title).contains("I."))
  }

  @Test func anIdenticalRepeatedChapterIsLeftOutWithAWarning() throws {
    let prose = String(repeating: "话说天下大势，分久必合，合久必分。", count: 6)
    let chapter = "第二回　重来\n\n　　\(prose)\n\n"
    let book = try openText(
      "第一回　开始\n\n　　\(prose)\n\n" + chapter + chapter + "第三回　结束\n\n　　\(prose)\n")
    #expect(book.chapters.map(\.title) == ["第一回 开始", "第二回 重来", "第三回 结束"])
    let warning = try #require(book.warnings.first { $0.message.contains("appears twice") })
    #expect(warning.message.contains("第二回 重来"))
    #expect(warning.message.contains("is left out"))
  }
}

/// Chinese prose wrapped by hand is joined into paragraphs; verse keeps its lines.
@Suite struct ChineseWrappedProseTests {
  @Test func wrappedLinesAreJoinedAndAPoemKeepsItsLines() throws {
    let book = try Book.open(Corpus.fixtures + "/txt/zh-hard-wrapped.txt")
    #expect(book.bodyChapters.count == 2)
    let text = try book.text(ofChapter: 0)
    let paragraphs = text.paragraphs.map {
      text.substring($0.range).replacingOccurrences(of: "\n", with: "")
    }
    // A heading, six paragraphs of prose, then "诗曰：" and its poem, a line each (the
    // file sets one line a paragraph, so verse stays so).
    #expect(paragraphs.count == 13)
    #expect(paragraphs[1].hasPrefix("话说天下大势，分久必合，合久必分。周末七国分争，并入于秦。及秦灭之后"))
    #expect(
      paragraphs.dropFirst().prefix(6).allSatisfy { $0.count >= 80 && !$0.contains("\u{2028}") })
    #expect(paragraphs.suffix(6) == ["诗曰：", "滚滚长江东逝水，", "浪花淘尽英雄。", "是非成败转头空，", "青山依旧在，", "几度夕阳红。"])
    #expect(text.paragraphs[1].value.firstLineIndent == 2)
  }

  @Test func aWebNovelKeepsOneLineAParagraph() throws {
    let book = try openText(
      "第一回　开始\n\n　　他说：“走吧”\n　　她没有回答\n　　天黑了\n　　两人一同走进了夜色里\n")
    let text = try book.text(ofChapter: book.chapters.count - 1)
    #expect(text.paragraphs.count == 5)
  }
}
