/// How the reader wants to be read to: the engine, voice, rate and pitch, and what of the
/// text is said. The preferences file holds them (`speech…` keys).
public struct SpeechSettings: Hashable, Sendable {
  /// Which engine speaks.
  public enum Engine: String, Hashable, Sendable, CaseIterable {
    /// speech-dispatcher when its daemon answers, else espeak-ng.
    case automatic = "auto"
    case espeakNG = "espeak-ng"
    case speechDispatcher = "speech-dispatcher"
  }

  public var engine: Engine = .automatic
  /// Words a minute, 80…450 (espeak-ng's own scale; speech-dispatcher's −100…100 is
  /// mapped from it).
  public var rate = SpeechSettings.defaultRate
  /// 0…100, 50 the voice's own.
  public var pitch = 50
  /// A voice the reader chose for the text of its language; nil: by the text's language.
  public var voice: String?
  /// Images are read as their alternative text (else they are passed over in silence).
  public var readsAltText = false
  /// Ruby is read as its reading (the `<rt>`), else as its base text.
  public var readsRubyReadings = false

  /// espeak-ng's default rate, words a minute.
  public static let defaultRate = 175

  /// The defaults.
  public init() {}
}
