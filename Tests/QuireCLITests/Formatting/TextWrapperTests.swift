import Testing

@testable import QuireCLI

@Suite struct TextWrapperTests {
  @Test func latinBreaksAtSpaces() {
    #expect(
      TextWrapper.wrap("the quick brown fox jumps over the lazy dog", width: 15)
        == ["the quick brown", "fox jumps over", "the lazy dog"])
  }

  @Test func cjkBreaksBetweenCharactersButNotBeforeClosingPunctuation() {
    let lines = TextWrapper.wrap("好的排版让读者忘记排版。", width: 22)
    #expect(lines == ["好的排版让读者忘记排", "版。"])
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 22 })
  }

  @Test func openingPunctuationStaysWithWhatFollows() {
    #expect(TextWrapper.wrap("我们他说「你好」", width: 10) == ["我们他说", "「你好」"])
  }

  @Test func indentAndForcedBreaks() {
    #expect(TextWrapper.wrap("a b\nc", width: 20, indent: 2) == ["  a b", "  c"])
    #expect(TextWrapper.wrap("", width: 20, indent: 2) == [""])
  }

  @Test func displayWidths() {
    #expect(DisplayWidth.of("abc") == 3)
    #expect(DisplayWidth.of("排版") == 4)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect("排版".padded(to: 6) == "排版  ")
  }
}

/// Text without spaces costs time in proportion to its length: a 1 MB note used to take
/// 25 s to list (each character copied the word so far).
@Suite struct LongWordWrappingTests {
  @Test func aMegabyteWordWrapsInLinearTime() {
    let word = String(repeating: "x", count: 1_000_000)
    let started = ContinuousClock.now
    let lines = TextWrapper.wrap(word, width: 80)
    // Minutes before, about a tenth of a second now in a debug build: the bound leaves room
    // for a loaded machine without letting quadratic work through.
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(lines == [word])
  }

  @Test func aListingShowsALongNotesStartAndCountsTheRest() {
    let note = String(repeating: "y", count: 1_000_000)
    let shown = BookmarkListing.shown(note)
    #expect(
      shown.hasPrefix(String(repeating: "y", count: BookmarkListing.noteLimit) + "… (998,000 more"))
    #expect(BookmarkListing.shown("short") == "short")
  }
}
