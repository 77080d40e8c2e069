/// The read-aloud state machine: `reduce(state, command) → (state, effects)`, pure, for
/// the reading view's reducer.
///
/// - `start` picks the sentence holding the offset (or the next one) and plays from it.
/// - `toggle` (the `r` key) starts from the page when stopped, else pauses or resumes.
/// - `nextSentence` / `previousSentence` move by one and play from there (paused stays
///   paused on the new sentence).
/// - Engine events move the highlight and make the page follow; the end of the chapter
///   asks for the next one (`continueAfter`), the end of the book stops with a message.
/// - The sleep timer stops speech on the first tick at or after its deadline.
public enum ReadAloud {
  public static func reduce(_ state: ReadAloudState, _ command: ReadAloudCommand) -> (
    ReadAloudState, [ReadAloudEffect]
  ) {
    var state = state
    switch command {
    case .start(let chapter, let sentences, let offset):
      guard let index = sentences.firstIndex(where: { $0.upperBound > offset }) else {
        return (state, [.continueAfter(chapterIndex: chapter)])
      }
      state.phase = .playing
      state.chapterIndex = chapter
      state.sentences = sentences
      state.current = index
      state.word = nil
      return (
        state,
        [
          .play(chapterIndex: chapter, sentence: index),
          .follow(chapterIndex: chapter, offset: sentences[index].lowerBound),
        ]
      )
    case .toggle:
      switch state.phase {
      case .stopped: return (state, [.startFromPage])
      case .playing: return reduce(state, .pause)
      case .paused: return reduce(state, .resume)
      }
    case .pause:
      guard state.phase == .playing else { return (state, []) }
      state.phase = .paused
      return (state, [.pause])
    case .resume:
      guard state.phase == .paused else { return (state, []) }
      state.phase = .playing
      return (state, [.resume])
    case .stop:
      guard state.phase != .stopped else { return (state, []) }
      return (ReadAloudState(), [.stop])
    case .nextSentence, .previousSentence:
      guard state.phase != .stopped, let chapter = state.chapterIndex, let current = state.current
      else { return (state, []) }
      let target = command == .nextSentence ? current + 1 : max(0, current - 1)
      guard target < state.sentences.count else {
        return (state, [.stop, .continueAfter(chapterIndex: chapter)])
      }
      state.current = target
      state.word = nil
      var effects: [ReadAloudEffect] = [
        .play(chapterIndex: chapter, sentence: target),
        .follow(chapterIndex: chapter, offset: state.sentences[target].lowerBound),
      ]
      if state.phase == .paused { effects.append(.pause) }
      return (state, effects)
    case .sleepTimer(let minutes, let now):
      state.sleepDeadline = minutes.map { now + Double($0) * 60 }
      let message = minutes.map { "Reading aloud stops in \($0) min" } ?? "Sleep timer off"
      return (state, [.message(message)])
    case .tick(let now):
      guard let deadline = state.sleepDeadline, now >= deadline else { return (state, []) }
      guard state.phase != .stopped else {
        state.sleepDeadline = nil
        return (state, [])
      }
      return (ReadAloudState(), [.stop, .message("Sleep timer: reading aloud stopped")])
    case .reachedEnd:
      return (ReadAloudState(), [.stop, .message("The end of the book: reading aloud stopped")])
    case .heard(let event):
      return heard(event, in: state)
    }
  }

  private static func heard(_ event: SpeechEvent, in state: ReadAloudState) -> (
    ReadAloudState, [ReadAloudEffect]
  ) {
    var state = state
    guard state.phase != .stopped, let chapter = state.chapterIndex else { return (state, []) }
    switch event {
    case .sentence(let mark), .word(let mark):
      guard mark.chapterIndex == chapter else { return (state, []) }
      if mark.kind == .word {
        state.word = mark.range
      } else {
        state.word = nil
        if let index = state.sentences.firstIndex(where: { $0.overlaps(mark.range) }) {
          state.current = index
        }
      }
      return (state, [.follow(chapterIndex: chapter, offset: mark.range.lowerBound)])
    case .finished:
      return (state, [.continueAfter(chapterIndex: chapter)])
    case .failed(let error):
      return (ReadAloudState(), [.stop, .message(error.description)])
    }
  }
}
