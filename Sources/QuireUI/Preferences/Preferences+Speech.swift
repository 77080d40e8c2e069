public import QuireSpeech

extension Preferences {
  /// The speech settings these preferences choose (`speech…` keys).
  public var speechSettings: SpeechSettings {
    var settings = SpeechSettings()
    settings.engine = SpeechSettings.Engine(rawValue: speechEngine) ?? .automatic
    settings.voice = speechVoice
    settings.rate = speechRate
    settings.pitch = speechPitch
    settings.readsAltText = speechReadsAltText
    settings.readsRubyReadings = speechReadsRuby
    return settings
  }
}
