import QuireSpeech
import Testing

@Suite("AutoTurn")
struct AutoTurnTests {
  static let page = AutoTurn.PageSize(characters: 1500, words: 250)

  @Test("a page stays as long as its pace says, within bounds")
  func pace() {
    #expect(AutoTurn.seconds(for: Self.page, at: .secondsPerPage(20)) == 20)
    #expect(AutoTurn.seconds(for: Self.page, at: .wordsPerMinute(250)) == 60)
    #expect(AutoTurn.seconds(for: Self.page, at: .charactersPerMinute(900)) == 100)
    #expect(AutoTurn.seconds(for: Self.page, at: .secondsPerPage(0.1)) == 2)
    #expect(
      AutoTurn.seconds(for: AutoTurn.PageSize(characters: 0, words: 0), at: .wordsPerMinute(200))
        == 2)
  }

  @Test("on, the page turns when due, once, and the next page's time starts when it is shown")
  func turning() {
    var state = AutoTurn()
    var effects: [AutoTurn.Effect]
    (state, _) = AutoTurn.reduce(state, .pageShown(Self.page, now: 0))
    (state, _) = AutoTurn.reduce(state, .toggle(.wordsPerMinute(250), now: 10))
    #expect(state.phase == .running)
    #expect(state.dueAt == 70)
    (state, effects) = AutoTurn.reduce(state, .tick(now: 69.9))
    #expect(effects.isEmpty)
    (state, effects) = AutoTurn.reduce(state, .tick(now: 70))
    #expect(effects == [.turnPage])
    (state, effects) = AutoTurn.reduce(state, .tick(now: 71))
    #expect(effects.isEmpty)
    (state, _) = AutoTurn.reduce(
      state, .pageShown(AutoTurn.PageSize(characters: 600, words: 125), now: 71))
    #expect(state.dueAt == 101)
  }

  @Test("any input pauses it; the command resumes it; toggling while running turns it off")
  func input() {
    var state = AutoTurn()
    (state, _) = AutoTurn.reduce(state, .toggle(.secondsPerPage(30), now: 0))
    (state, _) = AutoTurn.reduce(state, .input(now: 5))
    #expect(state.phase == .paused)
    #expect(AutoTurn.reduce(state, .tick(now: 100)).1.isEmpty)
    (state, _) = AutoTurn.reduce(state, .toggle(.secondsPerPage(30), now: 200))
    #expect(state.phase == .running)
    #expect(state.dueAt == 230)
    (state, _) = AutoTurn.reduce(state, .toggle(.secondsPerPage(30), now: 210))
    #expect(state.phase == .off)
  }

  @Test("stop turns it off from running or paused, and no turn is due after")
  func stop() {
    var state = AutoTurn()
    (state, _) = AutoTurn.reduce(state, .toggle(.secondsPerPage(30), now: 0))
    var effects: [AutoTurn.Effect]
    (state, effects) = AutoTurn.reduce(state, .stop)
    #expect(state.phase == .off)
    #expect(effects.isEmpty)
    #expect(AutoTurn.reduce(state, .tick(now: 100)).1.isEmpty)
    (state, _) = AutoTurn.reduce(state, .toggle(.secondsPerPage(30), now: 200))
    (state, _) = AutoTurn.reduce(state, .input(now: 205))
    (state, _) = AutoTurn.reduce(state, .stop)
    #expect(state.phase == .off)
    #expect(state.dueAt == nil)
  }

  @Test("time counts as reading only while the reader gave input in the last five minutes")
  func presence() {
    var state = AutoTurn()
    (state, _) = AutoTurn.reduce(state, .toggle(.secondsPerPage(30), now: 1000))
    #expect(state.isReaderPresent(now: 1200))
    #expect(state.isReaderPresent(now: 1300))
    #expect(!state.isReaderPresent(now: 1301))
    (state, _) = AutoTurn.reduce(state, .input(now: 1400))
    #expect(state.isReaderPresent(now: 1500))
  }
}
