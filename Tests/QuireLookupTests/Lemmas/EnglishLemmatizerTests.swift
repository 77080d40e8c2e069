import QuireLookup
import Testing

@Suite struct EnglishLemmatizerTests {
  /// The base form a reader expects comes among the candidates, before any other real word
  /// the rules could make of it.
  @Test(arguments: [
    ("running", "run"), ("stopped", "stop"), ("bigger", "big"), ("biggest", "big"),
    ("flies", "fly"), ("carried", "carry"), ("happier", "happy"), ("happiest", "happy"),
    ("boxes", "box"), ("watches", "watch"), ("cats", "cat"), ("horses", "horse"),
    ("making", "make"), ("hoped", "hope"), ("hopped", "hop"), ("walked", "walk"),
    ("used", "use"), ("uses", "use"), ("ended", "end"), ("later", "late"), ("falling", "fall"),
    ("wolves", "wolf"), ("knives", "knife"), ("ties", "tie"), ("readers", "reader"),
    ("reader's", "reader"), ("dogs'", "dog"), ("beginning", "begin"),
  ])
  func baseFormComesFirstAmongRealWords(_ word: String, _ base: String) {
    let candidates = EnglishLemmatizer.candidates(for: word)
    let position = candidates.firstIndex(of: base)
    #expect(position != nil, "\(word): \(candidates)")
    // Every candidate before it is not an English word (the dictionary will not find it),
    // except the possessive's own base ("dogs" before "dog").
    let real: Set<String> = ["us", "hop", "lat", "rat", "tie", "dogs"]
    for earlier in candidates.prefix(position ?? 0) where real.contains(earlier) {
      #expect(earlier == "dogs", "\(word): \(earlier) comes before \(base)")
    }
  }

  @Test func cleaningStraightensApostrophesAndDropsPunctuation() {
    #expect(EnglishLemmatizer.cleaned("“reader’s,”") == "reader's")
    #expect(EnglishLemmatizer.cleaned("(Serendipity!)") == "Serendipity")
    #expect(EnglishLemmatizer.cleaned("—") == "")
    #expect(
      EnglishLemmatizer.candidates(for: EnglishLemmatizer.cleaned("reader’s")).first == "reader")
  }

  @Test func shortWordsAndWordsWithDigitsGetNoGuesses() {
    #expect(EnglishLemmatizer.candidates(for: "is").isEmpty)
    #expect(EnglishLemmatizer.candidates(for: "mp3s").isEmpty)
    #expect(!EnglishLemmatizer.candidates(for: "run").contains("ru"))
  }
}
