/// What the reader hears while a book is read aloud, as it happens.
public enum SpeechEvent: Hashable, Sendable {
  /// A sentence starts being heard.
  case sentence(SpeechMark)
  /// A word starts being heard (espeak-ng reports words; speech-dispatcher does not).
  case word(SpeechMark)
  /// Everything given has been heard.
  case finished
  /// Speech stopped because of a problem (no audio device, a failed engine).
  case failed(SpeechError)
}

/// An engine that reads utterances aloud on a thread of its own and says what is being
/// heard: `SpeechPlayer` (espeak-ng into the audio device) or `SpeechDispatcherPlayer`.
///
/// Every method returns at once; events come on the engine's thread, in order, and end
/// with `.finished` or `.failed` unless `stop()` came first.
public protocol ReadAloudEngine: AnyObject, Sendable {
  /// The engine's name as the settings and status show it ("espeak-ng", "speech-dispatcher").
  var name: String { get }
  /// Whether it reports words as well as sentences.
  var reportsWords: Bool { get }
  /// Reads `utterances` in order, after anything still playing is stopped.
  func play(_ utterances: [Utterance], events: @escaping @Sendable (SpeechEvent) -> Void)
  /// Holds the voice where it is.
  func pause()
  /// Goes on from where `pause()` held it.
  func resume()
  /// Silences it within 100 ms and forgets what was given; no event follows.
  func stop()
  /// Stops for good and lets go of the audio device now, on the caller's thread (not
  /// whenever the engine is dropped): a front end calls it before it shuts SDL down.
  func close()
}

extension ReadAloudEngine {
  /// An engine with no device of its own (speech-dispatcher plays through its daemon)
  /// only stops; its connection closes when it is dropped.
  public func close() { stop() }
}
