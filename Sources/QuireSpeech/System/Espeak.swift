import CEspeakNG
import Foundation
import QuireBook

/// A word or sentence boundary espeak-ng reports while it speaks.
struct EspeakEvent: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case word
    case sentence
  }

  var kind: Kind
  /// Offset of the word's first character in the text spoken, in Unicode scalars from 0.
  var characterOffset: Int
  /// The word's length in Unicode scalars (0 for a sentence).
  var length: Int
  /// The sample at which it is heard, from the start of the text spoken.
  var frame: Int
}

/// espeak-ng through its C API, in synchronous mode: the samples and the word and sentence
/// events with their positions come back to the caller's thread.
///
/// espeak-ng keeps one synthesizer per process, so there is one `Espeak`, and one text is
/// spoken at a time (a lock around every call). Starting it takes a few milliseconds (its
/// phoneme data is mapped, not read).
final class Espeak: Sendable {
  /// Samples a second of everything it makes (22 050).
  let sampleRate: Int
  /// The voices installed, mbrola's left out (they need a program Debian's espeak-ng
  /// does not bring).
  let voices: [EspeakVoice]

  private static let instance = Locked<Result<Espeak, SpeechError>?>(nil)
  /// Serialises synthesis: espeak-ng's state is global.
  private static let synthesis = Locked<Void>(())

  private init(sampleRate: Int, voices: [EspeakVoice]) {
    self.sampleRate = sampleRate
    self.voices = voices
  }

  /// The process's espeak-ng, started on first use.
  static func shared() throws(SpeechError) -> Espeak {
    let result = instance.withLock { state in
      if let state { return state }
      let started = start()
      state = started
      return started
    }
    return try result.get()
  }

  private static func start() -> Result<Espeak, SpeechError> {
    let rate = espeak_Initialize(
      AUDIO_OUTPUT_SYNCHRONOUS, 50, nil, Int32(espeakINITIALIZE_DONT_EXIT))
    guard rate > 0 else {
      return .failure(.engineUnavailable("its data (espeak-ng-data) could not be loaded"))
    }
    espeak_SetSynthCallback(espeakCallback)
    return .success(Espeak(sampleRate: Int(rate), voices: listVoices()))
  }

  private static func listVoices() -> [EspeakVoice] {
    guard let list = espeak_ListVoices(nil) else { return [] }
    var voices: [EspeakVoice] = []
    var index = 0
    while let voice = list[index]?.pointee {
      index += 1
      guard let name = voice.name, let identifier = voice.identifier else { continue }
      let file = String(cString: identifier)
      if file.hasPrefix("mb/") { continue }
      var languages: [(String, Int)] = []
      if var cursor = voice.languages.map({
        UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)
      }) {
        while cursor.pointee != 0 {
          let priority = Int(cursor.pointee)
          cursor += 1
          let language = String(cString: cursor)
          languages.append((language.lowercased(), priority))
          cursor += strlen(UnsafeRawPointer(cursor).assumingMemoryBound(to: CChar.self)) + 1
        }
      }
      voices.append(
        EspeakVoice(
          name: String(cString: name), identifier: file,
          languages: languages.map { EspeakVoice.Language(tag: $0.0, priority: $0.1) }))
    }
    return voices
  }

  /// Speaks `text` with `voice` (an identifier from `voices`), calling `receive` with each
  /// chunk of samples and the events heard in it; `receive` returns false to stop.
  /// `endPause` adds the pause that ends a sentence.
  ///
  /// - Returns: false when `receive` stopped it.
  func speak(
    _ text: String, voice: String, rate: Int, pitch: Int, endPause: Bool = true,
    receive: (UnsafeBufferPointer<Int16>, [EspeakEvent]) -> Bool
  ) throws(SpeechError) -> Bool {
    let sampleRate = sampleRate
    let result: Result<Bool, SpeechError> = Self.synthesis.withLock { _ in
      guard espeak_SetVoiceByName(voice) == EE_OK else {
        return .failure(.synthesisFailed("espeak-ng has no voice \(voice)"))
      }
      espeak_SetParameter(espeakRATE, Int32(rate), 0)
      espeak_SetParameter(espeakPITCH, Int32(pitch), 0)
      return withoutActuallyEscaping(receive) { receive in
        var stopped = false
        espeakSink = { samples, events in
          let converted = events.map { event in
            EspeakEvent(
              kind: event.kind, characterOffset: event.characterOffset, length: event.length,
              frame: event.milliseconds * sampleRate / 1000)
          }
          if !receive(samples, converted) { stopped = true }
          return !stopped
        }
        defer { espeakSink = nil }
        let status = text.withCString { pointer in
          espeak_Synth(
            pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0,
            UInt32(espeakCHARS_UTF8 | (endPause ? espeakENDPAUSE : 0)), nil, nil)
        }
        if status != EE_OK && !stopped {
          return .failure(.synthesisFailed("espeak-ng refused the text (error \(status.rawValue))"))
        }
        return .success(!stopped)
      }
    }
    return try result.get()
  }
}

/// One event as the callback reads it, before its time is turned into samples.
private struct RawEvent {
  var kind: EspeakEvent.Kind
  var characterOffset: Int
  var length: Int
  var milliseconds: Int
}

/// Where the synthesis callback hands its chunks: set only while `Espeak.synthesis` is
/// held, by the thread that holds it, and read by the callback on that same thread.
nonisolated(unsafe) private var espeakSink: ((UnsafeBufferPointer<Int16>, [RawEvent]) -> Bool)?

/// espeak-ng's synthesis callback: 0 to go on, 1 to stop.
private func espeakCallback(
  _ wave: UnsafeMutablePointer<Int16>?, _ count: Int32,
  _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
  guard let sink = espeakSink else { return 1 }
  var collected: [RawEvent] = []
  if var event = events {
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
      let kind: EspeakEvent.Kind? =
        switch event.pointee.type {
        case espeakEVENT_WORD: .word
        case espeakEVENT_SENTENCE: .sentence
        default: nil
        }
      if let kind {
        // text_position counts characters from 1.
        collected.append(
          RawEvent(
            kind: kind, characterOffset: max(0, Int(event.pointee.text_position) - 1),
            length: Int(event.pointee.length), milliseconds: Int(event.pointee.audio_position)))
      }
      event += 1
    }
  }
  let samples = UnsafeBufferPointer(start: wave, count: wave == nil ? 0 : Int(max(0, count)))
  return sink(samples, collected) ? 0 : 1
}
