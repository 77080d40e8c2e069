import Foundation
import QuireBook
import QuireSpeech

extension ReaderController {
  /// Carries out reading aloud's and auto turn's effects: the engine and the clock.
  func runListening(_ effect: ReaderEffect) -> [ReaderAction] {
    switch effect {
    case .prepareSpeech(let chapter, let offset, let generation):
      // A chapter's sentences and the engine's start take a moment: off the actor, so keys
      // and drawing go on; the plan comes back as an action.
      let (speech, book, settings) = (speech, state.book, state.preferences.speechSettings)
      Task.detached { [weak self] in
        let result = speech.prepare(
          book: book, chapter: chapter, offset: offset, settings: settings,
          generation: generation)
        await self?.dispatch(result)
      }
    case .speak(let chapter, let sentence, let generation):
      speech.play(chapter: chapter, sentence: sentence, generation: generation)
    case .pauseSpeech: speech.pause()
    case .resumeSpeech: speech.resume()
    case .stopSpeech: speech.stop()
    case .clock(let running):
      clockTask?.cancel()
      clockTask = running ? startClock() : nil
    default: break
    }
    return []
  }

  /// The controller's clock in seconds, as ticks give it.
  var now: Double { configuration.clock().timeIntervalSinceReferenceDate }

  /// Sends `.tick` about twice a second until cancelled.
  private func startClock() -> Task<Void, Never> {
    Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(500))
        guard let self, !Task.isCancelled else { return }
        await self.dispatch(.tick(now: await self.now))
      }
    }
  }

  /// Takes what the engines hear, in order, to the reducer (and the front ends redraw).
  func watchSpeech() {
    let events = speech.events
    speechWatcher = Task { [weak self] in
      for await (event, generation) in events {
        await self?.dispatch(.speechHeard(event, generation: generation))
      }
    }
  }

  /// What the reader does reaches the reducer after the clock's time, for auto turn (any
  /// input pauses it) and the reader's presence.
  func dispatchInput(_ action: ReaderAction) async {
    await dispatch(.tick(now: now))
    await dispatch(action)
  }

  /// Samples the audio device has played since it first opened (nil before speech
  /// played into it): what `quire bench speech` watches for the first sample heard.
  package var speechFramesPlayed: Int? { speech.playedFrames }

  /// How many times the voice ran dry in the middle of what it read: a turn, a panel or a
  /// resize must never make it stutter.
  package var speechUnderruns: Int { speech.underruns }
}
