import Testing

@testable import QuireSpeech

@Suite("EspeakSpeaker")
struct EspeakSpeakerTests {
  /// An utterance that says `text`, which stands at `offset` in chapter 0.
  static func utterance(_ text: String, at offset: Int = 0, language: String? = nil) -> Utterance {
    let length = text.utf16.count
    let span = SpokenSpan(
      text: text, language: language,
      pieces: [.init(spoken: 0..<length, source: offset..<(offset + length), isVerbatim: true)])
    return Utterance(chapterIndex: 0, range: offset..<(offset + length), spans: [span])
  }

  @Test("speaks a sentence with its words timed in order, at about espeak-ng's rate")
  func sentence() throws {
    let speaker = try EspeakSpeaker(settings: SpeechSettings(), language: "en")
    var samples: [Int16] = []
    let text =
      "It is a truth universally acknowledged, that a single man must be in want of a wife."
    let timing = try #require(
      try speaker.speak(Self.utterance(text, at: 100)) { chunk in
        samples += chunk
        return true
      })
    #expect(timing.frameCount == samples.count)
    #expect(timing.sentence.range == 100..<(100 + text.utf16.count))
    let words = timing.words.map {
      Self.substring(text, $0.range.lowerBound - 100, $0.range.upperBound - 100)
    }
    #expect(words.first == "It")
    #expect(words.contains("universally"))
    #expect(words.last == "wife")
    #expect(
      zip(timing.words, timing.words.dropFirst()).allSatisfy { $0.startFrame < $1.startFrame })
    // 19 words at 175 a minute: about 6.5 s, with the sentence's pauses.
    let seconds = Double(samples.count) / Double(speaker.sampleRate)
    #expect(seconds > 4 && seconds < 9, "\(seconds) s")
    #expect(samples.contains { abs(Int($0)) > 1000 }, "the audio is silent")
  }

  @Test("a faster rate makes shorter audio")
  func rate() throws {
    var fast = SpeechSettings()
    fast.rate = 350
    let text = "The quick brown fox jumps over the lazy dog, again and again and again."
    let normal = try #require(
      try EspeakSpeaker(settings: SpeechSettings(), language: "en").speak(Self.utterance(text)) {
        _ in true
      })
    let quick = try #require(
      try EspeakSpeaker(settings: fast, language: "en").speak(Self.utterance(text)) { _ in true })
    #expect(Double(quick.frameCount) < Double(normal.frameCount) * 0.7)
  }

  @Test("stopping in the middle returns nil and makes no more samples")
  func stop() throws {
    let speaker = try EspeakSpeaker(settings: SpeechSettings(), language: "en")
    var chunks = 0
    let timing = try speaker.speak(
      Self.utterance("One two three four five six seven eight nine ten.")
    ) { _ in
      chunks += 1
      return chunks < 2
    }
    #expect(timing == nil)
    #expect(chunks == 2)
  }

  @Test(
    "voices follow the language: Mandarin for Chinese, French for French, the book's for one it lacks"
  )
  func voices() throws {
    let speaker = try EspeakSpeaker(settings: SpeechSettings(), language: "en-GB")
    #expect(speaker.voice(for: nil) == "gmw/en")
    #expect(speaker.voice(for: "zh-Hans") == "sit/cmn")
    #expect(speaker.voice(for: "zh-HK") == "sit/yue")
    #expect(speaker.voice(for: "fr") == "roa/fr")
    #expect(speaker.voice(for: "de-DE") == "gmw/de")
    #expect(speaker.voice(for: "tlh") == "gmw/en")
    var chosen = SpeechSettings()
    chosen.voice = "en-gb-x-rp"
    let rp = try EspeakSpeaker(settings: chosen, language: "en")
    #expect(rp.voice(for: nil) == "gmw/en-GB-x-rp")
    #expect(rp.voice(for: "fr") == "roa/fr")
  }

  static func substring(_ text: String, _ start: Int, _ end: Int) -> String {
    let units = Array(text.utf16)
    return String(decoding: units[max(0, start)..<min(units.count, end)], as: UTF16.self)
  }
}
