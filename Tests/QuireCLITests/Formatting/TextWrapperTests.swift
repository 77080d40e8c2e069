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
