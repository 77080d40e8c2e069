import QuireBook
import Testing

@testable import QuireTypesetting

@Suite struct WordStoreTests {
  /// Looks `text` up in the source's store the way line building does.
  private func word(
    _ source: any GlyphSource, _ text: String, font: Int, features: UInt8 = 0,
    hyphenator: Hyphenator? = nil
  ) -> (word: StoredWord, glyphs: ArraySlice<StoredGlyph>) {
    let units = Array(text.utf16)
    let store = source.words
    let tag = WordStore.tag(
      font: font, features: features, dictionary: store.dictionaryNumber(hyphenator))
    let word = units.withUnsafeBufferPointer { buffer in
      store.word(for: buffer, tag: tag) { glyphs in
        source.shape(buffer, font: font, features: features, language: "en", into: &glyphs)
        return hyphenator?.points(in: units) ?? []
      }
    }
    let start = Int(word.glyphStart)
    return (word, store.glyphs[start..<start + Int(word.glyphCount)])
  }

  @Test func aWordIsShapedOnceAndKernedAndLigated() throws {
    let fonts = try FontContext()
    let font = fonts.font(for: FontRequest(TextAttributes(), language: "en"))
    let first = word(fonts, "office", font: font)
    let second = word(fonts, "office", font: font)
    #expect(first.word == second.word)
    #expect(fonts.shapeCacheStatistics.hits == 1)
    #expect(fonts.shapeCacheStatistics.lookups == 2)
    #expect(first.glyphs.count == 6)  // EB Garamond has contextual f forms, no "ffi" ligature
    // Kerning: "AV" is narrower than "A" + "V".
    let pair = word(fonts, "AV", font: font).word.width
    let a = word(fonts, "A", font: font).word.width
    let v = word(fonts, "V", font: font).word.width
    #expect(pair < a + v)
  }

  @Test func ligaturesAreOnByDefaultAndCanBeTurnedOff() throws {
    let fonts = try FontContext(bodyFamily: "DejaVu Serif")
    let font = fonts.font(for: FontRequest(TextAttributes(), language: "en"))
    #expect(word(fonts, "office", font: font).glyphs.count == 5)
    let plain = word(fonts, "office", font: font, features: FeatureSet.noLigatures.rawValue)
    #expect(plain.glyphs.count == 6)
  }

  @Test func aHyphenatedWordKeepsItsSegmentsWithItsGlyphs() throws {
    let fonts = try FontContext()
    let font = fonts.font(for: FontRequest(TextAttributes(), language: "en"))
    let hyphenator = try #require(Hyphenator(language: "en-US"))
    let plain = word(fonts, "countenance", font: font)
    let hyphenated = word(fonts, "countenance", font: font, hyphenator: hyphenator)
    // The same word with and without a dictionary: two entries, the same glyphs.
    #expect(plain.word.segmentCount == 0)
    #expect(hyphenated.glyphs.map(\.id) == plain.glyphs.map(\.id))
    let store = fonts.words
    let first = Int(hyphenated.word.segmentStart)
    let segments = store.segments[first..<first + Int(hyphenated.word.segmentCount)]
    // coun-te-nance: the points, then the rest of the word.
    #expect(segments.map(\.unitEnd) == [4, 6, 11])
    #expect(segments.last?.glyphEnd == hyphenated.word.glyphCount)
    let total = segments.reduce(0) { $0 + $1.width }
    #expect(abs(total - hyphenated.word.width) < 1e-9)
  }

  @Test func aFullStoreEmptiesOnlyBetweenParagraphs() throws {
    let source = CellGlyphSource()
    let small = WordStore(capacity: 2)
    let units = Array("abc".utf16)
    for tag: UInt32 in 0..<3 {
      _ = units.withUnsafeBufferPointer { buffer in
        small.word(for: buffer, tag: tag) { glyphs in
          source.shape(buffer, font: 0, features: 0, language: "en", into: &glyphs)
          return []
        }
      }
    }
    #expect(small.count == 3)  // never emptied in the middle of a paragraph
    small.beginParagraph()
    #expect(small.count == 0 && small.glyphs.isEmpty)
  }

  /// Line building asks `hit` first and shapes through `word(for:tag:make:)` only when it
  /// answers nil: a word, a one-unit word (an ideograph) and a word of another tag.
  @Test func aStoredWordIsAHitAndAnUnknownOneIsLeftToShape() {
    let source = CellGlyphSource()
    let store = WordStore()
    for text in ["abc", "中"] {
      let units = Array(text.utf16)
      units.withUnsafeBufferPointer { buffer in
        #expect(store.hit(buffer, tag: 1) == nil)
        let stored = store.word(for: buffer, tag: 1) { glyphs in
          source.shape(buffer, font: 0, features: 0, language: "zh", into: &glyphs)
          return []
        }
        #expect(store.hit(buffer, tag: 1) == stored)
        #expect(store.hit(buffer, tag: 2) == nil)
      }
    }
    // Each word missed once, when it was shaped, and was a hit once.
    #expect(store.misses == 2)
    #expect(store.hits == 2)
  }
}
