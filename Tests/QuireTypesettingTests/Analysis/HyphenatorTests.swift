import Testing

@testable import QuireTypesetting

@Suite struct HyphenatorTests {
  private func hyphenate(_ word: String, _ hyphenator: Hyphenator) -> String {
    let units = Array(word.utf16)
    var result = ""
    var last = 0
    for point in hyphenator.points(in: units) + [units.count] {
      if !result.isEmpty { result += "-" }
      result += String(decoding: units[last..<point], as: UTF16.self)
      last = point
    }
    return result
  }

  @Test func knownEnglishWordsFollowTheEnUSPatterns() throws {
    let hyphenator = try #require(Hyphenator(language: "en-US"))
    #expect(hyphenate("hyphenation", hyphenator) == "hy-phen-ation")
    #expect(hyphenate("example", hyphenator) == "ex-am-ple")
    #expect(hyphenate("typesetting", hyphenator) == "type-set-ting")
    // Capitalised words are looked up in lower case; positions refer to the original.
    #expect(
      hyphenate("Napoleon", hyphenator) == "Napoleon"
        || hyphenate("Napoleon", hyphenator).contains("-"))
    // Too short, or not letters: no points.
    #expect(hyphenator.points(in: Array("the".utf16)).isEmpty)
    #expect(hyphenator.points(in: Array("12345678".utf16)).isEmpty)
  }

  @Test func languageFallsBackToTheInstalledEnglishDictionary() {
    #expect(Hyphenator(language: "en") != nil)
    #expect(Hyphenator(language: "en-GB") != nil)
    #expect(Hyphenator(language: "xx-YY") == nil)
  }
}
