/// Reads utterances aloud with espeak-ng into the audio device and reports each sentence
/// and word when it is heard.
public final class SpeechPlayer: AudioQueuePlayer, ReadAloudEngine, @unchecked Sendable {
  public let name = "espeak-ng"
  public let reportsWords = true
  private let speaker: EspeakSpeaker

  /// A player speaking with `speaker`.
  public init(speaker: EspeakSpeaker) {
    self.speaker = speaker
  }

  public func play(_ utterances: [Utterance], events: @escaping @Sendable (SpeechEvent) -> Void) {
    play(SpokenProgram(speaker: speaker, utterances: utterances), events: events)
  }
}
