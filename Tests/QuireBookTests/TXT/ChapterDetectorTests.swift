import Testing

@testable import QuireBook

/// Heading detection on small texts: the false-positive guards one by one.
@Suite struct ChapterDetectorTests {
  @Test func bodySentenceStartingWithAChapterNumberIsNotAHeading() {
    let text = "第一章 开始\n　　他说第三章写得最好。\n第三章写得最好，他又说了一遍，然后走了。\n第二章　雨夜\n　　雨下了一夜。\n"
    #expect(ChapterDetector.detectHeadings(in: text).map(\.title) == ["第一章 开始", "第二章 雨夜"])
  }

  @Test func adjacentDuplicateHeadingsAreMerged() {
    let text = "第一章 开始\n第一章 开始\n　　正文。\n第二章 结束\n　　正文。\n"
    #expect(ChapterDetector.detectHeadings(in: text).map(\.title) == ["第一章 开始", "第二章 结束"])
  }

  @Test func contentsListIsDroppedButItsRealHeadingIsKept() {
    let contents = (1...5).map { "CHAPTER \($0)" }.joined(separator: "\n\n")
    let sentence = "It was a long day, and the text of the chapter went on and on. "
    let body = (1...5).map { "CHAPTER \($0)\n\n" + String(repeating: sentence, count: 4) + "\n" }
    let text = "Contents\n\n" + contents + "\n\n\n" + body.joined(separator: "\n")
    let headings = ChapterDetector.detectHeadings(in: text)
    #expect(headings.count == 5)
    #expect(headings.first?.line == 13)
  }

  @Test func volumeFollowedByChapterIsAFoldedParent() {
    let text = "第一卷 风起\n\n第一章 开始\n　　正文。\n第二章 结束\n　　正文。\n"
    let headings = ChapterDetector.detectHeadings(in: text)
    #expect(headings.map(\.isFolded) == [true, false, false])
    #expect(headings.map(\.level) == [0, 1, 1])
  }

  @Test func latinHeadingMustStandOnItsOwn() {
    let text =
      "He turned the page and read aloud from the\nChapter 3 of the old book, slowly.\n\nChapter 4\n\nText.\n"
    #expect(ChapterDetector.detectHeadings(in: text).map(\.title) == ["Chapter 4"])
  }

  @Test func chineseAuxiliaryHeadings() {
    let body = "\n　　" + String(repeating: "很久很久以前，山里住着一个老人。", count: 5) + "\n"
    let text = "楔子" + body + "第一章：相遇" + body + "尾声" + body + "番外一 后来" + body
    #expect(
      ChapterDetector.detectHeadings(in: text).map(\.title) == ["楔子", "第一章：相遇", "尾声", "番外一 后来"])
  }

  /// One heading of each default pattern, each found at its own level; lines that start
  /// with a heading's word but are not headings ("Partly…", "Chapters…") stay text.
  @Test func everyDefaultPatternFindsItsHeadings() {
    let sentence = "It was a long day, and the text went on and on until night came. "
    let body = "\n\n" + String(repeating: sentence, count: 4) + "\n\n"
    let headings = [
      "BOOK ONE: 1805", "CHAPTER I", "Chapter the Second", "PROLOGUE", "Final Epilogue",
      "LETTER 4", "PREFACE", "Afterword", "Part II", "VOLUME 3",
    ]
    let decoys = ["Partly", "Chapters", "Bookish", "Letters", "First"]
    let text = (headings + decoys).map { $0 + body }.joined()
    let found = ChapterDetector.detectHeadings(in: text)
    #expect(found.map(\.title) == headings)
    #expect(found.map(\.level) == [0, 1, 1, 1, 1, 1, 1, 1, 0, 0])
    #expect(ChapterPattern.defaultLeadingWords.count == ChapterPattern.defaults.count)
  }
}
