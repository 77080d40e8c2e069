/// What a player turns into sound, piece by piece: the sentences of a chapter for a voice,
/// or the clips of a book's narration.
protocol SoundProgram: Sendable {
  /// Samples a second of what it hands out.
  var sampleRate: Int { get }
  /// How many pieces it has.
  var count: Int { get }
  /// Makes piece `index`, handing its samples to `receive` as they are made (false from
  /// `receive` stops it); returns its marks, in samples from the piece's start, or nil when
  /// it was stopped.
  func render(_ index: Int, receive: (UnsafeBufferPointer<Int16>) -> Bool) throws(SpeechError)
    -> [SpeechMark]?
}

/// Utterances spoken by espeak-ng.
struct SpokenProgram: SoundProgram {
  let speaker: EspeakSpeaker
  let utterances: [Utterance]

  var sampleRate: Int { speaker.sampleRate }
  var count: Int { utterances.count }

  func render(_ index: Int, receive: (UnsafeBufferPointer<Int16>) -> Bool) throws(SpeechError)
    -> [SpeechMark]?
  {
    guard let timing = try speaker.speak(utterances[index], receive: receive) else { return nil }
    return [timing.sentence] + timing.words
  }
}
