import Testing

@testable import QuireBook

/// 红楼梦 in three encodings and 三国演义 in three files: chapter counts, titles, encodings,
/// identical texts, and the body lines that only look like headings.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ChineseTXTImportTests {
  static let hongloumengUTF8 = importCorpusBook("txt/zh/hongloumeng_simplified_utf8-crlf.txt")
  static let hongloumengGB18030 = importCorpusBook("txt/zh/hongloumeng_simplified_gb18030.txt")
  static let hongloumengUTF16 = importCorpusBook("txt/zh/hongloumeng_simplified_utf16le-bom.txt")
  static let sanguoTraditional = importCorpusBook(
    "txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt")
  static let sanguoBig5 = importCorpusBook("txt/zh/sanguoyanyi_traditional_big5-cp950.txt")
  static let sanguoGBK = importCorpusBook("txt/zh/sanguoyanyi_simplified_gbk-native.txt")

  @Test func hongloumengHas120ChaptersInEveryEncoding() throws {
    let books = [
      (Self.hongloumengUTF8, "UTF-8"), (Self.hongloumengGB18030, "GB18030"),
      (Self.hongloumengUTF16, "UTF-16LE"),
    ]
    for (book, encoding) in books {
      let book = try #require(book)
      #expect(book.format == .txt(encoding: encoding))
      #expect(book.bodyChapters.count == 120)
      #expect(book.bodyChapters.first?.title == "第一回 甄士隐梦幻识通灵 贾雨村风尘怀闺秀")
      #expect(book.bodyChapters.last?.title == "第一二零回 甄士隐详说太虚情 贾雨村归结红楼梦")
      #expect(book.metadata.title == "红楼梦")
      #expect(book.metadata.authors == ["曹雪芹"])
      #expect(book.metadata.language == "zh-Hans")
    }
  }

  @Test func hongloumengTextIsIdenticalAcrossEncodings() throws {
    let utf8 = try #require(Self.hongloumengUTF8).allTexts
    #expect(utf8 == (try #require(Self.hongloumengGB18030)).allTexts)
    #expect(utf8 == (try #require(Self.hongloumengUTF16)).allTexts)
  }

  @Test func bodyLinesStartingWithAChapterNumberAreNotHeadings() throws {
    let book = try #require(Self.hongloumengUTF8)
    let titles = book.chapters.map(\.title)
    #expect(!titles.contains { $0.hasPrefix("第一一九回中") || $0.hasPrefix("第四回中") })
    #expect(!titles.contains { $0.hasPrefix("第三十八回林") })
    // The trap lines are still in the text, as body paragraphs of chapter 119.
    let chapter119 = try book.text(
      ofChapter: try #require(titles.firstIndex { $0.hasPrefix("第一一九回 ") }))
    #expect(chapter119.string.contains("第一一九回中乡魁宝玉却尘缘沐皇恩贾家延世泽"))
  }

  @Test func paragraphsAreIndentedChineseLines() throws {
    let book = try #require(Self.hongloumengUTF8)
    let text = try book.text(ofChapter: 1)
    let first = try #require(text.paragraphs.first)
    #expect(first.value.role == .heading(level: 1))
    let body = text.paragraphs.dropFirst()
    #expect(body.allSatisfy { $0.value.language == "zh-Hans" })
    #expect(body.contains { $0.value.firstLineIndent == 2 })
    // Indentation is a style, not text: no paragraph starts with spaces.
    #expect(!text.string.contains("\n "))
    #expect(text.string.contains("此开卷第一回也"))
  }

  @Test func sanguoHas120ChaptersInUTF8Big5AndGBK() throws {
    let traditional = try #require(Self.sanguoTraditional)
    let big5 = try #require(Self.sanguoBig5)
    let gbk = try #require(Self.sanguoGBK)
    #expect(traditional.format == .txt(encoding: "UTF-8"))
    #expect(big5.format == .txt(encoding: "Big5"))
    #expect(gbk.format == .txt(encoding: "GB18030"))
    for book in [traditional, big5] {
      #expect(book.bodyChapters.count == 120)
      #expect(book.bodyChapters.first?.title == "第一回：宴桃園豪傑三結義，斬黃巾英雄首立功")
      #expect(book.bodyChapters.last?.title == "第一二○回：薦杜預老將獻新謀，降孫皓三分歸一統")
    }
    // The GBK download pastes chapter 35 twice: the copy is merged, not a 121st chapter.
    #expect(gbk.bodyChapters.count == 120)
    #expect(gbk.bodyChapters.first?.title == "第一回 宴桃园豪杰三结义 斩黄巾英雄首立功")
    #expect(gbk.bodyChapters.last?.title == "第一百二十回 荐杜预老将献新谋 降孙皓三分归一统")
    #expect(gbk.chapters.filter { $0.title.hasPrefix("第三十五回") }.count == 1)
  }

  @Test func hardWrappedChineseLinesAreJoinedWithoutSpaces() throws {
    let book = try #require(Self.sanguoTraditional)
    let text = try book.text(ofChapter: 0).string
    // In the file "及秦滅之後，楚" ends a line and "、漢分爭，又并入於漢" continues it.
    #expect(text.contains("話說天下大勢，分久必合，合久必分"))
    #expect(text.contains("及秦滅之後，楚、漢分爭，又并入於漢"))
  }

  @Test func gutenbergFooterIsBackMatterNotChapter120() throws {
    let book = try #require(Self.sanguoTraditional)
    let last = try book.text(ofChapter: try #require(book.chapters.lastIndex { $0.role == .body }))
    #expect(!last.string.contains("Project Gutenberg"))
    #expect(book.chapters.last?.role == .backMatter)
    #expect(
      try book.text(ofChapter: book.chapters.count - 1).string.contains("End of Project Gutenberg"))
  }

  @Test func noChapterIsEmptyOrAbsurdlyLong() throws {
    for book in [Self.hongloumengUTF8, Self.sanguoTraditional, Self.sanguoGBK] {
      let book = try #require(book)
      #expect(book.shortestBodyTextLength > 500)
      #expect(book.chapters.allSatisfy { $0.estimatedLength < 60_000 })
    }
  }

  @Test func tocListsEveryChapterAtOffsetZero() throws {
    let book = try #require(Self.hongloumengUTF8)
    let entries = book.toc.flattened()
    #expect(entries.count == book.chapters.count)
    #expect(entries.allSatisfy { $0.entry.offset == 0 && $0.entry.chapterIndex != nil })
  }
}
