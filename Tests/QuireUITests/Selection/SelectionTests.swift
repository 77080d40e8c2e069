import QuireBook
import QuireReading
import Testing

@testable import QuireUI

/// Selections by character, word, sentence and paragraph, from ICU's boundaries, in
/// English, Chinese and Japanese, across chapters.
@Suite struct SelectionTests {
  let english = MemoryBook.book([
    [
      "It is a truth universally acknowledged, that a single man in possession of a good "
        + "fortune, must be in want of a wife. Mr. Bennet made no answer.",
      "“Do you not want to know who has taken it?” cried his wife impatiently.",
    ],
    ["“You want to tell me, and I have no objection to hearing it.”", ""],
  ])

  func at(_ needle: String, in book: Book, chapter: Int = 0) throws -> Locator {
    let offset = try #require(MemoryBook.offset(of: needle, in: book, chapter: chapter))
    return Locator(chapterIndex: chapter, offset: offset)
  }

  func selected(_ selection: Selection?, in text: TextBoundaries) -> String? {
    selection.map { $0.text(in: text) }
  }

  @Test func wordsAndSentencesInEnglish() throws {
    let text = TextBoundaries(book: english)
    let truth = try at("uth universally", in: english)
    #expect(selected(Selection.at(truth, unit: .word, in: text), in: text) == "truth")
    #expect(selected(Selection.at(truth, unit: .character, in: text), in: text) == "u")
    // "Mr." does not end a sentence.
    let bennet = try at("Bennet", in: english)
    #expect(
      selected(Selection.at(bennet, unit: .sentence, in: text), in: text)
        == "Mr. Bennet made no answer.")
    #expect(
      selected(Selection.at(bennet, unit: .paragraph, in: text), in: text)?.hasPrefix("It is a")
        == true)
    // A comma is selected alone, never with the word before it.
    let comma = try at(", that", in: english)
    #expect(selected(Selection.at(comma, unit: .word, in: text), in: text) == ",")
  }

  @Test func extendingMovesTheHeadByWordsSentencesAndParagraphs() throws {
    let text = TextBoundaries(book: english)
    var selection = try #require(Selection.at(try at("truth", in: english), unit: .word, in: text))
    selection = selection.extended(by: .word, .forward, in: text)
    #expect(selection.text(in: text) == "truth universally")
    selection = selection.extended(by: .word, .forward, in: text)
    #expect(selection.text(in: text) == "truth universally acknowledged")
    selection = selection.extended(by: .word, .backward, in: text)
    #expect(selection.text(in: text) == "truth universally ")
    selection = selection.extended(by: .word, .backward, in: text)
    #expect(selection.text(in: text) == "truth ")
    selection = selection.extended(by: .word, .backward, in: text)
    #expect(selection.text(in: text) == "truth", "back to the anchor alone")
    selection = selection.extended(by: .word, .backward, in: text)
    #expect(selection.text(in: text) == "a truth", "then past it, keeping it")
    selection = selection.extended(by: .character, .forward, in: text)
    #expect(selection.text(in: text) == " truth")
    selection = selection.extended(by: .character, .forward, in: text)
    #expect(selection.text(in: text) == "truth")
    selection = selection.extended(by: .sentence, .forward, in: text)
    #expect(selection.text(in: text).hasSuffix("must be in want of a wife."))
    selection = selection.extended(by: .paragraph, .forward, in: text)
    #expect(selection.text(in: text).hasSuffix("Mr. Bennet made no answer."))
    selection = selection.extended(by: .paragraph, .forward, in: text)
    #expect(
      selection.text(in: text).hasSuffix(
        "no answer.\n\n“Do you not want to know who "
          + "has taken it?” cried his wife impatiently."))
  }

  @Test func aSelectionRunsAcrossAChapterBreak() throws {
    let text = TextBoundaries(book: english)
    var selection = try #require(
      Selection.at(try at("impatiently", in: english), unit: .word, in: text))
    selection = selection.extended(by: .word, .forward, in: text)
    // The end of the chapter first, then into the next one.
    #expect(selection.text(in: text) == "impatiently.")
    selection = selection.extended(by: .word, .forward, in: text)
    #expect(selection.end == Locator(chapterIndex: 1, offset: 4))
    #expect(selection.text(in: text) == "impatiently.\n\n“You")
    #expect(selection.range(inChapter: 0, length: text.length(ofChapter: 0)) != nil)
    #expect(selection.range(inChapter: 1, length: text.length(ofChapter: 1)) == 0..<4)
    // And back: to the word's start, the chapter's start, then into the first chapter.
    selection = selection.extended(by: .word, .backward, in: text)
    #expect(selection.end == Locator(chapterIndex: 1, offset: 1))
    selection = selection.extended(by: .word, .backward, in: text)
    #expect(selection.end == Locator(chapterIndex: 1, offset: 0))
    selection = selection.extended(by: .word, .backward, in: text)
    #expect(selection.end.chapterIndex == 0)
    #expect(selection.text(in: text) == "impatiently")
    // At the end of the book the head stays.
    var last = try #require(Selection.at(try at("hearing", in: english, chapter: 1), in: text))
    for _ in 0..<10 { last = last.extended(by: .word, .forward, in: text) }
    #expect(last.text(in: text) == "hearing it.”")
  }

  @Test func chineseWordsComeFromTheDictionaryNotTheLine() throws {
    let book = MemoryBook.book(
      [["满纸荒唐言，一把辛酸泪！都云作者痴，谁解其中味？", "却说宝玉因见林黛玉又病了，心里放不下。"]],
      language: "zh-Hans")
    let text = TextBoundaries(book: book)
    let word = try #require(Selection.at(try at("荒唐", in: book), unit: .word, in: text))
    #expect(word.text(in: text) == "荒唐")
    #expect(word.extended(by: .word, .forward, in: text).text(in: text) == "荒唐言")
    // A name is one word, wherever in it the reader points.
    let name = try #require(Selection.at(try at("黛", in: book), unit: .word, in: text))
    #expect(name.text(in: text) == "林黛玉")
    let sentence = try #require(
      Selection.at(try at("作者", in: book), unit: .sentence, in: text))
    #expect(sentence.text(in: text) == "都云作者痴，谁解其中味？")
  }

  @Test func japaneseWordsAndSentences() throws {
    let book = MemoryBook.book([["吾輩は猫である。名前はまだ無い。"]], language: "ja")
    let text = TextBoundaries(book: book)
    #expect(selected(Selection.at(try at("猫", in: book), unit: .word, in: text), in: text) == "猫")
    #expect(
      selected(Selection.at(try at("名前", in: book), unit: .word, in: text), in: text) == "名前")
    #expect(
      selected(Selection.at(try at("まだ", in: book), unit: .sentence, in: text), in: text)
        == "名前はまだ無い。")
  }

  @Test func nothingToSelectIsNoSelection() throws {
    let text = TextBoundaries(book: english)
    let breakAfter = try at("\n“Do you", in: english)
    #expect(Selection.at(breakAfter, unit: .word, in: text) == nil, "a paragraph's break")
    #expect(Selection.at(Locator(chapterIndex: 1, offset: 9_999), in: text) == nil)
    #expect(Selection.at(Locator(chapterIndex: 7, offset: 0), in: text) == nil)
    #expect(Selection.page(5..<5, chapter: 0, in: text) == nil)
    // The empty last paragraph of chapter 2 is a page of nothing.
    let end = text.length(ofChapter: 1)
    #expect(Selection.page((end - 1)..<end, chapter: 1, in: text) == nil)
    #expect(Selection.firstWord(ofPage: (end - 1)..<end, chapter: 1, in: text) == nil)
  }

  @Test func extendingToAPointSnapsToWholeWordsAfterADoubleClick() throws {
    let text = TextBoundaries(book: english)
    let word = try #require(Selection.at(try at("single", in: english), unit: .word, in: text))
    let forward = word.extended(to: try at("n in possession", in: english), by: .word, in: text)
    #expect(forward.text(in: text) == "single man")
    let backward = word.extended(to: try at("ruth", in: english), by: .word, in: text)
    #expect(backward.text(in: text) == "truth universally acknowledged, that a single")
    let plain = word.extended(to: try at("n in possession", in: english), in: text)
    #expect(plain.text(in: text) == "single ma")
    #expect(
      word.wholeParagraphs(in: text).text(in: text).hasSuffix("Mr. Bennet made no answer."))
  }
}
