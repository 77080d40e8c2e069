/// Chooses the engine that reads aloud, at run time.
public enum ReadAloudEngines {
  /// The engine `settings` ask for: speech-dispatcher when its daemon answers (for
  /// `.automatic` and `.speechDispatcher`), else espeak-ng into the audio device.
  /// `language` is the book's.
  /// - Throws: `SpeechError` when espeak-ng is needed and cannot start.
  public static func open(settings: SpeechSettings, language: String?) throws(SpeechError)
    -> any ReadAloudEngine
  {
    if settings.engine != .espeakNG,
      let player = SpeechDispatcherPlayer.connect(settings: settings, language: language)
    {
      return player
    }
    return SpeechPlayer(speaker: try EspeakSpeaker(settings: settings, language: language))
  }
}
