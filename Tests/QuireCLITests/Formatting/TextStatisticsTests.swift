import Testing

@testable import QuireCLI

@Suite struct TextStatisticsTests {
  @Test func latinWordsAreWhitespaceSeparatedTokens() {
    let counts = TextStatistics.of("It was the best of times, — it was\u{2028}the worst.\n")
    #expect(counts.words == 10)
    #expect(counts.characters == 44)
  }

  @Test func eachIdeographIsAWord() {
    let counts = TextStatistics.of("第一回　甄士隐梦幻识通灵\n")
    #expect(counts.words == 11)
    #expect(counts.characters == 12)
  }

  @Test func mixedScriptsAndNumbers() {
    #expect(TextStatistics.of("Quire 排版 2026 年").words == 5)
    #expect(TextStatistics.of("Quire排版").words == 3)
    #expect(TextStatistics.of("café naïve").words == 2)
  }

  @Test func breaksMarksAndImagesAreNotCharacters() {
    let counts = TextStatistics.of("e\u{301}\u{FFFC}\n\u{2028}")
    #expect(counts.characters == 1)
    #expect(counts.words == 1)
  }
}
