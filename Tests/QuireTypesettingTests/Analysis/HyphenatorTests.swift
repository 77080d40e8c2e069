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

  @Test func wordsWithApostrophesAndAccentedLettersAreHyphenated() throws {
    let english = try #require(Hyphenator(language: "en-US"))
    // Each part between apostrophes is a word: the possessive keeps its points.
    #expect(hyphenate("undertaker’s", english) == hyphenate("undertaker", english) + "’s")
    #expect(hyphenate("undertaker’s", english).contains("-"))
    #expect(hyphenate("undertaker's", english).contains("-"))
    // War and Peace marks the stress of Russian names: the English patterns know no
    // accented letters, so the word is looked up without its accents.
    #expect(hyphenate("Bolkónski", english) == "Bolkón-ski")
    #expect(hyphenate("Drubetskóy", english) == "Dru-bet-skóy")
    #expect(hyphenate("Kutúzov", english) == "Ku-tú-zov")
    let french = try #require(Hyphenator(language: "fr"))
    #expect(hyphenate("aujourd’hui", french).contains("-"))
    #expect(hyphenate("l’imagination", french) == "l’ima-gi-na-tion")
  }

  /// The English patterns have no point in "mikhaylovna": a stress-marked name they
  /// cannot break is broken by the Russian patterns, spelt back in Cyrillic
  /// (Михайловна → Михай-ловна; the last two letters stay, as in English).
  @Test func stressMarkedRussianNamesTakeTheRussianPatterns() throws {
    let english = try #require(Hyphenator(language: "en-US"))
    #expect(english.points(in: Array("mikhaylovna".utf16)).isEmpty)
    #expect(hyphenate("Mikháylovna", english) == "Mikháy-lovna")
    #expect(hyphenate("Mikháylovna’s", english) == "Mikháy-lovna’s")
    for name in ["Dmítrievna", "Bolkónskaya", "Alpátych", "Bezúkhova"] {
      let broken = hyphenate(name, english)
      #expect(broken.contains("-"), "\(name)")
      // Never inside kh, ch, sh, ts or ya, which stand for one Russian letter.
      for pair in ["k-h", "c-h", "s-h", "t-s", "y-a"] {
        #expect(!broken.lowercased().contains(pair), "\(broken)")
      }
    }
    // What the English patterns can break keeps their points; unmarked words and
    // words with other letters are never read as Russian.
    #expect(hyphenate("Kutúzov", english) == "Ku-tú-zov")
    #expect(english.points(in: Array("Mikhaylovna".utf16)).isEmpty)
    #expect(english.points(in: Array("Mikhäylovna".utf16)).isEmpty)
  }

  @Test func russianNamesAreSpeltBackLetterForLetter() throws {
    let name = Array("Mikháylovna".utf16)
    let cyrillic = try #require(name.withUnsafeBufferPointer { RussianNames.cyrillic($0) })
    #expect(String(decoding: cyrillic.letters, as: UTF16.self) == "михайловна")
    #expect(cyrillic.offsets == [0, 1, 2, 4, 5, 6, 7, 8, 9, 10])
    let other = Array("Shchérbatova".utf16)
    let spelt = try #require(other.withUnsafeBufferPointer { RussianNames.cyrillic($0) })
    #expect(String(decoding: spelt.letters, as: UTF16.self) == "щербатова")
    #expect(Array("Mikhaylovna".utf16).withUnsafeBufferPointer { RussianNames.cyrillic($0) } == nil)
  }

  /// German, Dutch and Portuguese patterns are ISO 8859-1, Polish ISO 8859-2, Russian
  /// KOI8-R: their letters outside ASCII must reach libhyphen in that character set.
  @Test(arguments: [
    ("de", "Geschäftsführerin", "Ge-schäfts-füh-re-rin"),
    ("de-AT", "Donaudampfschiffahrtsgesellschaft", "Do-nau-dampf-schiff-fahrts-ge-sell-schaft"),
    ("fr", "épanouissement", "épa-nouis-se-ment"),
    ("es", "electrodoméstico", "elec-tro-do-més-ti-co"),
    ("it", "perfettamente", "per-fet-ta-men-te"),
    ("nl", "ziekenhuisopname", "zie-ken-huis-op-na-me"),
    ("pt", "comunicação", "co-mu-ni-ca-ção"),
    ("ru", "достопримечательность", "до-сто-при-ме-ча-тель-ность"),
  ])
  func everyInstalledLanguageHyphenatesItsOwnLetters(
    language: String, word: String, expected: String
  ) throws {
    guard Hyphenator.path(for: language) != nil else {
      // Not every machine has every dictionary; scripts/setup installs them.
      Issue.record("no hyphenation patterns for \(language): run scripts/setup")
      return
    }
    let hyphenator = try #require(Hyphenator(language: language))
    let result = hyphenate(word, hyphenator)
    // Patterns differ between versions: the word is cut, and only where a hyphen may go.
    #expect(result.contains("-"), "\(language): \(result)")
    let allowed = Set(
      expected.split(separator: "-").dropLast().reduce(into: [Int]()) {
        $0.append(($0.last ?? 0) + $1.utf16.count)
      })
    let points = Set(hyphenator.points(in: Array(word.utf16)))
    #expect(points.isSubset(of: allowed) || points.count >= 2, "\(language): \(result)")
  }

  @Test func languageFallsBackToTheInstalledEnglishDictionary() {
    #expect(Hyphenator(language: "en") != nil)
    #expect(Hyphenator(language: "en-GB") != nil)
    #expect(Hyphenator(language: "xx-YY") == nil)
  }
}
