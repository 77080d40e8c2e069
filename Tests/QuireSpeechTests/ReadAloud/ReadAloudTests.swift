import QuireSpeech
import Testing

@Suite("ReadAloud")
struct ReadAloudTests {
  static let sentences = [0..<20, 21..<45, 46..<80]

  static func started(from offset: Int = 0) -> ReadAloudState {
    ReadAloud.reduce(ReadAloudState(), .start(chapterIndex: 2, sentences: sentences, from: offset))
      .0
  }

  static func mark(_ kind: SpeechMark.Kind, _ range: Range<Int>, chapter: Int = 2) -> SpeechMark {
    SpeechMark(kind: kind, chapterIndex: chapter, range: range, startFrame: 0, endFrame: 0)
  }

  @Test(
    "r when stopped asks for the page's sentences; start plays from the sentence holding the offset"
  )
  func start() {
    let (idle, asked) = ReadAloud.reduce(ReadAloudState(), .toggle)
    #expect(asked == [.startFromPage])
    #expect(!idle.isActive)
    let (state, effects) = ReadAloud.reduce(
      idle, .start(chapterIndex: 2, sentences: Self.sentences, from: 30))
    #expect(state.phase == .playing)
    #expect(state.sentence == 21..<45)
    #expect(effects == [.play(chapterIndex: 2, sentence: 1), .follow(chapterIndex: 2, offset: 21)])
    // An offset between sentences starts at the next one.
    #expect(Self.started(from: 20).sentence == 21..<45)
  }

  @Test("r pauses and resumes; R stops and clears the highlight")
  func pauseResumeStop() {
    let (paused, pausing) = ReadAloud.reduce(Self.started(), .toggle)
    #expect(paused.phase == .paused)
    #expect(pausing == [.pause])
    #expect(paused.sentence == 0..<20)
    let (playing, resuming) = ReadAloud.reduce(paused, .toggle)
    #expect(playing.phase == .playing)
    #expect(resuming == [.resume])
    let (stopped, stopping) = ReadAloud.reduce(playing, .stop)
    #expect(stopped == ReadAloudState())
    #expect(stopping == [.stop])
    #expect(ReadAloud.reduce(stopped, .stop).1.isEmpty)
  }

  @Test("heard sentences and words move the highlight and make the page follow")
  func followAlong() {
    var state = Self.started()
    var effects: [ReadAloudEffect]
    (state, effects) = ReadAloud.reduce(state, .heard(.sentence(Self.mark(.sentence, 21..<45))))
    #expect(state.sentence == 21..<45)
    #expect(state.word == nil)
    #expect(effects == [.follow(chapterIndex: 2, offset: 21)])
    (state, effects) = ReadAloud.reduce(state, .heard(.word(Self.mark(.word, 30..<34))))
    #expect(state.word == 30..<34)
    #expect(effects == [.follow(chapterIndex: 2, offset: 30)])
    // Events of another chapter (a play that was replaced) change nothing.
    let (same, none) = ReadAloud.reduce(state, .heard(.word(Self.mark(.word, 5..<9, chapter: 7))))
    #expect(same == state)
    #expect(none.isEmpty)
  }

  @Test(
    "next and previous sentence play from there; past the last one the next chapter is asked for")
  func moving() {
    var state = Self.started()
    var effects: [ReadAloudEffect]
    (state, effects) = ReadAloud.reduce(state, .nextSentence)
    #expect(state.current == 1)
    #expect(effects.first == .play(chapterIndex: 2, sentence: 1))
    (state, effects) = ReadAloud.reduce(state, .previousSentence)
    #expect(state.current == 0)
    (state, effects) = ReadAloud.reduce(state, .previousSentence)
    #expect(state.current == 0)
    // Paused, moving keeps it paused.
    (state, _) = ReadAloud.reduce(state, .pause)
    (state, effects) = ReadAloud.reduce(state, .nextSentence)
    #expect(effects.last == .pause)
    #expect(state.phase == .paused)
    (state, _) = ReadAloud.reduce(state, .nextSentence)
    (state, effects) = ReadAloud.reduce(state, .nextSentence)
    #expect(effects == [.stop, .continueAfter(chapterIndex: 2)])
  }

  @Test("the end of the chapter continues into the next; the end of the book stops")
  func chapters() {
    let (state, effects) = ReadAloud.reduce(Self.started(), .heard(.finished))
    #expect(effects == [.continueAfter(chapterIndex: 2)])
    let (next, playing) = ReadAloud.reduce(
      state, .start(chapterIndex: 3, sentences: [0..<10], from: 0))
    #expect(next.chapterIndex == 3)
    #expect(playing.first == .play(chapterIndex: 3, sentence: 0))
    let (end, stopping) = ReadAloud.reduce(next, .reachedEnd)
    #expect(!end.isActive)
    #expect(stopping.first == .stop)
  }

  @Test("the sleep timer stops speech at its deadline, not before")
  func sleepTimer() {
    var (state, _) = ReadAloud.reduce(Self.started(), .sleepTimer(minutes: 10, now: 1000))
    #expect(state.sleepDeadline == 1600)
    var effects: [ReadAloudEffect]
    (state, effects) = ReadAloud.reduce(state, .tick(now: 1599))
    #expect(effects.isEmpty)
    #expect(state.isActive)
    (state, effects) = ReadAloud.reduce(state, .tick(now: 1600))
    #expect(!state.isActive)
    #expect(effects.first == .stop)
  }

  @Test("a failed engine stops with its message")
  func failure() {
    let (state, effects) = ReadAloud.reduce(
      Self.started(), .heard(.failed(.noAudioDevice(reason: "no sound card"))))
    #expect(!state.isActive)
    guard case .message(let text) = effects.last else {
      Issue.record("no message")
      return
    }
    #expect(text.contains("quire speak"))
  }
}
