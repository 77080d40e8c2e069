import CSpeechd
import Foundation
import QuireBook

/// Reads utterances aloud through speech-dispatcher (SSIP, by libspeechd): the desktop's
/// chosen voice and output module, as Orca uses them.
///
/// The utterances go as one SSML message with an index mark before each sentence; the
/// daemon reports each mark when it is reached, so follow-along is by sentence (the
/// daemon reports no words). The daemon is never started by Quire (`autospawn` off): it
/// is used when it answers, and `connect` returns nil otherwise.
public final class SpeechDispatcherPlayer: ReadAloudEngine, @unchecked Sendable {
  public let name = "speech-dispatcher"
  public let reportsWords = false
  private let connection: UnsafeMutablePointer<SPDConnection>
  private let settings: SpeechSettings
  private let language: String
  private let lock = NSLock()
  /// The message being spoken, its utterances and where events go; guarded by `lock`.
  private var message: (id: Int, utterances: [Utterance], events: @Sendable (SpeechEvent) -> Void)?

  private init(
    connection: UnsafeMutablePointer<SPDConnection>, settings: SpeechSettings, language: String
  ) {
    self.connection = connection
    self.settings = settings
    self.language = language
  }

  deinit {
    spd_close(connection)
  }

  /// The one player whose connection's callbacks land here (libspeechd's callbacks carry
  /// no context).
  private static let current = Locked(WeakPlayer())

  /// A player on the running daemon, or nil when none answers.
  public static func connect(settings: SpeechSettings, language: String?) -> SpeechDispatcherPlayer?
  {
    var error: UnsafeMutablePointer<CChar>?
    guard
      let connection = spd_open2(
        "quire", "read-aloud", nil, SPD_MODE_THREADED, nil, 0, &error)
    else {
      free(error)
      return nil
    }
    let player = SpeechDispatcherPlayer(
      connection: connection, settings: settings, language: language ?? "en")
    current.withLock { $0.player = player }
    connection.pointee.callback_im = speechDispatcherIndexMark
    connection.pointee.callback_end = speechDispatcherEnd
    spd_set_notification_on(connection, SPD_INDEX_MARKS)
    spd_set_notification_on(connection, SPD_END)
    spd_set_data_mode(connection, SPD_DATA_SSML)
    spd_set_voice_rate(connection, Int32(rateParameter(settings.rate)))
    spd_set_voice_pitch(connection, Int32(max(-100, min(100, (settings.pitch - 50) * 2))))
    spd_set_language(connection, language ?? "en")
    if let voice = settings.voice { spd_set_synthesis_voice(connection, voice) }
    return player
  }

  /// speech-dispatcher's rate (−100…100, 0 the module's default) for words a minute, 175
  /// (espeak-ng's default) being 0.
  static func rateParameter(_ wordsPerMinute: Int) -> Int {
    let rate = Double(wordsPerMinute - SpeechSettings.defaultRate)
    let scaled = rate >= 0 ? rate / (450 - 175) * 100 : rate / (175 - 80) * 100
    return max(-100, min(100, Int(scaled.rounded())))
  }

  public func play(_ utterances: [Utterance], events: @escaping @Sendable (SpeechEvent) -> Void) {
    stop()
    let ssml = Self.ssml(utterances, language: language)
    lock.lock()
    defer { lock.unlock() }
    let id = Int(spd_say(connection, SPD_TEXT, ssml))
    guard id >= 0 else {
      events(.failed(.synthesisFailed("speech-dispatcher refused the text")))
      return
    }
    message = (id, utterances, events)
  }

  public func pause() { spd_pause(connection) }
  public func resume() { spd_resume(connection) }

  public func stop() {
    lock.lock()
    message = nil
    lock.unlock()
    spd_cancel(connection)
  }

  /// The SSML of `utterances`: each one an `<s>` that starts with a mark named by its
  /// index, spans in another language than the book's in a `<voice xml:lang>`.
  ///
  /// The `<s>` matters: espeak-ng's module loses a mark that follows a sentence's final
  /// punctuation in the same clause, so a bare mark between two sentences never comes back.
  static func ssml(_ utterances: [Utterance], language: String) -> String {
    var text = "<speak>"
    for (index, utterance) in utterances.enumerated() {
      text += "<s><mark name=\"\(index)\"/>"
      for span in utterance.spans {
        let escaped = escape(span.text)
        if let other = span.language, other != language {
          text += "<voice xml:lang=\"\(escape(other))\">\(escaped)</voice>"
        } else {
          text += escaped
        }
      }
      text += "</s>"
    }
    return text + "</speak>"
  }

  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// An index mark or the end of message `id`, from libspeechd's thread.
  fileprivate func notify(message id: Int, mark: String?) {
    lock.lock()
    guard let message, message.id == id else {
      lock.unlock()
      return
    }
    if mark == nil { self.message = nil }
    lock.unlock()
    guard let mark else {
      message.events(.finished)
      return
    }
    guard let index = Int(mark), message.utterances.indices.contains(index) else { return }
    let utterance = message.utterances[index]
    message.events(
      .sentence(
        SpeechMark(
          kind: .sentence, chapterIndex: utterance.chapterIndex, range: utterance.range,
          startFrame: 0, endFrame: 0)))
  }

  fileprivate static func player() -> SpeechDispatcherPlayer? { current.withLock { $0.player } }
}

/// The player libspeechd's callbacks go to, not kept alive by them.
private struct WeakPlayer {
  weak var player: SpeechDispatcherPlayer?
}

private func speechDispatcherIndexMark(
  _ message: Int, _ client: Int, _ state: SPDNotificationType, _ mark: UnsafeMutablePointer<CChar>?
) {
  guard let mark else { return }
  SpeechDispatcherPlayer.player()?.notify(message: message, mark: String(cString: mark))
}

private func speechDispatcherEnd(_ message: Int, _ client: Int, _ state: SPDNotificationType) {
  SpeechDispatcherPlayer.player()?.notify(message: message, mark: nil)
}
