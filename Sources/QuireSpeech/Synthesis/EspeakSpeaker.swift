import Foundation

/// Speaks utterances with espeak-ng: each span in the voice of its language, and the
/// sentence and its words timed in samples.
///
/// Used by `quire speak` (to a WAV file) and by `SpeechPlayer` (to the audio device).
/// A span in a language espeak-ng has no voice for is read in the book's voice.
public final class EspeakSpeaker: Sendable {
  /// What one utterance took: its sentence and its words, in samples from its start.
  public struct Timing: Hashable, Sendable {
    public var sentence: SpeechMark
    public var words: [SpeechMark]
    /// Samples it made.
    public var frameCount: Int
  }

  /// The settings it speaks with.
  public let settings: SpeechSettings
  /// The language of text that says none (the book's).
  public let defaultLanguage: String
  private let espeak: Espeak

  /// A speaker for a book in `language` (BCP 47; nil: English).
  public init(settings: SpeechSettings, language: String?) throws(SpeechError) {
    self.settings = settings
    defaultLanguage = language ?? "en"
    espeak = try Espeak.shared()
  }

  /// Samples a second.
  public var sampleRate: Int { espeak.sampleRate }

  /// The identifier of the voice that reads text in `language` (nil: the book's).
  public func voice(for language: String?) -> String {
    let language = language ?? defaultLanguage
    let voices = espeak.voices
    if let chosen = settings.voice, let voice = voices.voice(named: chosen),
      let wanted = [EspeakVoice].candidates(for: language).last,
      voice.languages.contains(where: { $0.tag == wanted || $0.tag.hasPrefix(wanted + "-") })
    {
      return voice.identifier
    }
    return voices.voice(for: language)?.identifier
      ?? voices.voice(for: defaultLanguage)?.identifier
      ?? voices.voice(for: "en")?.identifier ?? "gmw/en"
  }

  /// Speaks `utterance`, handing its samples to `receive` as they are made (false from
  /// `receive` stops it); returns its timing, or nil when it was stopped.
  public func speak(
    _ utterance: Utterance, receive: (UnsafeBufferPointer<Int16>) -> Bool
  ) throws(SpeechError) -> Timing? {
    var frames = 0
    var words: [SpeechMark] = []
    for (index, span) in utterance.spans.enumerated() {
      let scalarOffsets = Self.utf16Offsets(of: span.text)
      let base = frames
      let completed = try espeak.speak(
        span.text, voice: voice(for: span.language), rate: settings.rate, pitch: settings.pitch,
        endPause: index == utterance.spans.count - 1
      ) { samples, events in
        for event in events where event.kind == .word {
          let start = scalarOffsets[min(event.characterOffset, scalarOffsets.count - 1)]
          let end = scalarOffsets[
            min(event.characterOffset + event.length, scalarOffsets.count - 1)]
          let range = span.sourceRange(start..<end)
          guard !range.isEmpty else { continue }
          if let last = words.last, last.range.lowerBound >= range.lowerBound { continue }
          words.append(
            SpeechMark(
              kind: .word, chapterIndex: utterance.chapterIndex, range: range,
              startFrame: base + event.frame, endFrame: base + event.frame))
        }
        frames += samples.count
        return receive(samples)
      }
      if !completed { return nil }
    }
    // A word lasts until the next one starts; the last until the sentence's audio ends.
    for index in words.indices {
      words[index].endFrame = index + 1 < words.count ? words[index + 1].startFrame : frames
    }
    let sentence = SpeechMark(
      kind: .sentence, chapterIndex: utterance.chapterIndex, range: utterance.range, startFrame: 0,
      endFrame: frames)
    return Timing(sentence: sentence, words: words, frameCount: frames)
  }

  /// The UTF-16 offset of each Unicode scalar of `text`, and its length last.
  static func utf16Offsets(of text: String) -> [Int] {
    var offsets: [Int] = []
    offsets.reserveCapacity(text.unicodeScalars.count + 1)
    var offset = 0
    for scalar in text.unicodeScalars {
      offsets.append(offset)
      offset += scalar.utf16.count
    }
    offsets.append(offset)
    return offsets
  }
}
