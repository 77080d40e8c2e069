import QuireBook
import QuireTestSupport
import QuireTypesetting
import Testing

@Suite struct TextSegmenterTests {
  /// The text of `range` in `text`, by UTF-16 offsets.
  private func text(_ range: Range<Int>?, in text: String) -> String? {
    guard let range else { return nil }
    let units = Array(text.utf16)[range]
    return String(decoding: units, as: UTF16.self)
  }

  @Test func englishWordsAreWordsNotSpacesOrPunctuation() {
    let sample = "“Why, my dear, you must know,” said she."
    let segmenter = TextSegmenter(text: sample, language: "en")
    let words = segmenter.words(in: 0..<segmenter.length).filter(\.isWord)
    #expect(
      words.map { text($0.range, in: sample)! } == [
        "Why", "my", "dear", "you", "must", "know", "said", "she",
      ])
    #expect(text(segmenter.word(at: 9), in: sample) == "dear")
    #expect(segmenter.word(at: 4) == nil)  // the comma after "Why"
    #expect(text(segmenter.word(at: 0 + 1), in: sample) == "Why")
  }

  @Test func aContractionIsOneWord() {
    let sample = "It isn’t the undertaker’s."
    let segmenter = TextSegmenter(text: sample, language: "en")
    #expect(text(segmenter.word(at: 4), in: sample) == "isn’t")
    #expect(text(segmenter.word(at: 15), in: sample) == "undertaker’s")
  }

  @Test func chineseWordsComeFromTheDictionaryNotTheLine() throws {
    let sample = "此开卷第一回也．作者自云：因曾历过一番梦幻之后，故将真事隐去。"
    let segmenter = TextSegmenter(text: sample, language: "zh-Hans")
    let dream = try #require(sample.utf16.firstIndex(of: "梦".utf16.first!))
    let offset = sample.utf16.distance(from: sample.utf16.startIndex, to: dream)
    #expect(text(segmenter.word(at: offset), in: sample) == "梦幻")
    let words = segmenter.words(in: 0..<segmenter.length).filter(\.isWord)
    #expect(words.count > 10)
    #expect(words.allSatisfy { $0.range.count <= 4 })
    #expect(words.contains { text($0.range, in: sample) == "作者" })
  }

  @Test func japaneseWordsSplitKanjiFromKana() {
    let sample = "吾輩は猫である。名前はまだ無い。"
    let segmenter = TextSegmenter(text: sample, language: "ja")
    #expect(text(segmenter.word(at: 0), in: sample) == "吾輩")
    #expect(text(segmenter.word(at: 3), in: sample) == "猫")
    #expect(text(segmenter.word(at: 8), in: sample) == "名前")
  }

  @Test func englishSentencesKeepAbbreviations() {
    let sample = "Mr. Bennet made no answer. “Do you not want to know?” cried his wife.\nNext."
    let segmenter = TextSegmenter(text: sample, language: "en")
    let sentences = segmenter.sentences(in: 0..<segmenter.length).map { text($0, in: sample)! }
    #expect(
      sentences == [
        "Mr. Bennet made no answer.", "“Do you not want to know?” cried his wife.", "Next.",
      ])
    #expect(text(segmenter.sentence(at: 5), in: sample) == "Mr. Bennet made no answer.")
  }

  @Test func chineseSentencesEndAtTheirStops() {
    let sample = "雨村见了，便不在意。及至问他两句话，那老僧既聋且昏！子兴道：“去年岁底到家。”\n下回。"
    let segmenter = TextSegmenter(text: sample, language: "zh-Hans")
    let sentences = segmenter.sentences(in: 0..<segmenter.length).map { text($0, in: sample)! }
    #expect(
      sentences == [
        "雨村见了，便不在意。", "及至问他两句话，那老僧既聋且昏！", "子兴道：“去年岁底到家。”", "下回。",
      ])
  }

  @Test func paragraphsEndAtLineBreaks() {
    let sample = "One.\n\nTwo and three.\n"
    let segmenter = TextSegmenter(text: sample, language: "en")
    #expect(text(segmenter.paragraph(at: 8), in: sample) == "Two and three.")
    #expect(segmenter.paragraph(at: 5).isEmpty)
    #expect(segmenter.boundary(after: 0, unit: .paragraph) == 4)
    #expect(segmenter.boundary(after: 4, unit: .paragraph) == 20)
    #expect(segmenter.boundary(before: 10, unit: .paragraph) == 6)
    #expect(segmenter.boundary(before: 6, unit: .paragraph) == 0)
    #expect(segmenter.boundary(before: 0, unit: .paragraph) == nil)
  }

  @Test func movingByWordsAndSentences() {
    let sample = "The cat sat. A dog ran, fast."
    let segmenter = TextSegmenter(text: sample, language: "en")
    #expect(segmenter.boundary(after: 0, unit: .word) == 3)
    #expect(segmenter.boundary(after: 3, unit: .word) == 7)
    #expect(segmenter.boundary(after: 5, unit: .word) == 7)
    #expect(segmenter.boundary(before: 7, unit: .word) == 4)
    #expect(segmenter.boundary(before: 4, unit: .word) == 0)
    #expect(segmenter.boundary(after: 0, unit: .sentence) == 12)
    #expect(segmenter.boundary(after: 12, unit: .sentence) == 29)
    #expect(segmenter.boundary(before: 20, unit: .sentence) == 13)
    #expect(segmenter.boundary(before: 13, unit: .sentence) == 0)
    #expect(segmenter.boundary(after: 0, unit: .character) == 1)
    #expect(segmenter.boundary(after: 29, unit: .word) == nil)
  }

  @Test func aFlagIsOneCharacter() {
    let sample = "a🇫🇷b"
    let segmenter = TextSegmenter(text: sample, language: nil)
    #expect(segmenter.boundary(after: 1, unit: .character) == 5)
    #expect(segmenter.boundary(before: 5, unit: .character) == 1)
  }

  @Test func emptyAndOutOfRangeQuestionsAnswerNothing() {
    let segmenter = TextSegmenter(text: "", language: "en")
    #expect(segmenter.words(in: 0..<10).isEmpty)
    #expect(segmenter.sentences(in: 0..<10).isEmpty)
    #expect(segmenter.word(at: 0) == nil)
    #expect(segmenter.sentence(at: 3) == 3..<3)
    #expect(segmenter.boundary(after: 0, unit: .word) == nil)
    #expect(segmenter.boundary(before: 0, unit: .sentence) == nil)
    let other = TextSegmenter(text: "Word.", language: "en")
    #expect(other.word(at: -1) == nil)
    #expect(other.word(at: 99) == nil)
    #expect(other.words(in: -5..<99).count == 2)
  }

  /// Over whole chapters of real books, sentences come in order, never overlap, and every
  /// letter, digit and ideograph of the text falls in exactly one.
  @Test(
    .enabled(if: Corpus.isAvailable, Corpus.skipMessage),
    arguments: [
      "txt/en/pride-and-prejudice_pg1342_utf8.txt", "txt/zh/hongloumeng_simplified_utf8-crlf.txt",
      "txt/ja/kokoro_natsume-soseki_aozora-ruby_utf8-lf.txt",
    ])
  func sentencesCoverAChapterOnce(book relative: String) throws {
    let book = try Book.open(Corpus.path(relative))
    let text = try book.text(ofChapter: min(3, book.chapters.count - 1)).string
    let segmenter = TextSegmenter(text: text, language: book.metadata.language)
    let sentences = segmenter.sentences(in: 0..<segmenter.length)
    #expect(sentences.count > 20)
    for (previous, next) in zip(sentences, sentences.dropFirst()) {
      #expect(previous.upperBound <= next.lowerBound)
    }
    let units = Array(text.utf16)
    var covered = [Bool](repeating: false, count: units.count)
    for sentence in sentences { for offset in sentence { covered[offset] = true } }
    let missed = units.indices.filter { offset in
      guard !covered[offset], let scalar = Unicode.Scalar(units[offset]) else { return false }
      return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
    #expect(missed.isEmpty, "letters outside every sentence at \(missed.prefix(5))")
  }
}
