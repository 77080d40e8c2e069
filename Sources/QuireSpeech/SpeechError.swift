/// Why speech, audio or a book's narration could not be produced.
///
/// Every message names what failed (the engine, the device, the book's file) and, where
/// the reader can do something, what.
public enum SpeechError: Error, Hashable, Sendable, CustomStringConvertible {
  /// espeak-ng could not start (its data is missing or damaged).
  case engineUnavailable(String)
  /// The engine has no voice for a language and no fallback voice either.
  case noVoice(language: String)
  /// The engine failed while speaking.
  case synthesisFailed(String)
  /// No audio device could be opened; speech can still be written to a file.
  case noAudioDevice(reason: String)
  /// An audio file of the book could not be decoded.
  case audioUnreadable(name: String, reason: String)
  /// A WAV file could not be written.
  case notWritten(path: String, reason: String)

  /// A message naming what failed and what can be done.
  public var description: String {
    switch self {
    case .engineUnavailable(let reason):
      "espeak-ng could not start: \(reason) (is the package espeak-ng-data installed?)"
    case .noVoice(let language):
      "no voice speaks \(language); install one (espeak-ng-data has over a hundred languages)"
    case .synthesisFailed(let reason): "speech failed: \(reason)"
    case .noAudioDevice(let reason):
      "no audio device could be opened (\(reason)); "
        + "speech can be written to a file instead: quire speak BOOK -o speech.wav"
    case .audioUnreadable(let name, let reason): "\(name): audio not decoded: \(reason)"
    case .notWritten(let path, let reason): "\(path): WAV not written: \(reason)"
    }
  }
}
