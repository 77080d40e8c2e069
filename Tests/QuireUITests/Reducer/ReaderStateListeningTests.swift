import Foundation
import QuireBook
import QuireReading
import QuireSpeech
import QuireTestSupport
import Testing

@testable import QuireUI

/// Reading aloud and auto turn as command sequences on the reducer: what the controller
/// would prepare and what the engine would hear are fed in as the actions it sends.
@Suite struct ReaderStateListeningTests {
  /// The handbook's "Reading with Quire" chapter, first page, on a terminal, at time 1000.
  func reading() throws -> ReaderState {
    var state = try ReducerFixtures.state()
    _ = state.reduce(.tick(now: 1000))
    _ = try state.shows(chapter: 1, page: 0)
    return state
  }

  /// The chapter's sentences as QuireSpeech reads them (what the controller's plan holds).
  func sentences(_ state: ReaderState, chapter: Int = 1) throws -> [Range<Int>] {
    SpeechScript.utterances(
      of: try state.book.text(ofChapter: chapter), chapterIndex: chapter,
      language: state.book.metadata.language, settings: SpeechSettings()
    ).map(\.range)
  }

  /// Presses `r` and answers the preparation it asks for as the controller would.
  func startReading(_ state: inout ReaderState) throws -> [ReaderEffect] {
    let effects = state.press("r")
    guard case .prepareSpeech(let chapter, let offset, let generation)? = effects.last else {
      Issue.record("r asked for no preparation: \(effects)")
      return []
    }
    return state.reduce(
      .speechPrepared(
        SpeechPlan(
          chapterIndex: chapter, sentences: try sentences(state, chapter: chapter),
          offset: offset, voice: "espeak-ng", generation: generation)))
  }

  func spoken(_ state: ReaderState) -> [PageSide.Mark] {
    state.screen.sides.flatMap(\.marks).filter {
      switch $0.kind {
      case .spokenSentence, .spokenWord: true
      default: false
      }
    }
  }

  func mark(_ kind: SpeechMark.Kind, _ range: Range<Int>, chapter: Int = 1) -> SpeechEvent {
    let mark = SpeechMark(
      kind: kind, chapterIndex: chapter, range: range, startFrame: 0, endFrame: 1)
    return kind == .word ? .word(mark) : .sentence(mark)
  }

  @Test func rReadsFromThePagesFirstSentenceAndHighlightsIt() throws {
    var state = try reading()
    let page = try #require(state.sides.first?.page.range)
    #expect(
      state.press("r") == [.prepareSpeech(chapter: 1, offset: page.lowerBound, generation: 1)])
    #expect(state.screen.status.listening == nil, "nothing is read before the plan comes")
    let first = try #require(try sentences(state).first)
    let effects = state.reduce(
      .speechPrepared(
        SpeechPlan(
          chapterIndex: 1, sentences: try sentences(state), offset: page.lowerBound,
          voice: "espeak-ng", generation: 1)))
    #expect(effects.contains(.speak(chapter: 1, sentence: 0, generation: 2)))
    #expect(effects.contains(.clock(running: true)))
    #expect(effects.contains(.redraw))
    #expect(state.screen.status.listening == "Reading aloud")
    #expect(state.screen.message?.text.hasPrefix("Reading aloud (espeak-ng)") == true)
    #expect(state.screen.readAloud == .playing)
    #expect(spoken(state) == [.init(range: first, kind: .spokenSentence(nil))])
    #expect(try state.book.text(ofChapter: 1).substring(first) == "Reading with Quire")

    // The word heard is marked over the sentence; the engine's events of this play only.
    let second = try sentences(state)[1]
    _ = state.reduce(.speechHeard(mark(.sentence, second), generation: 2))
    let word = second.lowerBound..<(second.lowerBound + 3)
    _ = state.reduce(.speechHeard(mark(.word, word), generation: 2))
    #expect(
      spoken(state) == [
        .init(range: second, kind: .spokenSentence(nil)), .init(range: word, kind: .spokenWord),
      ])
    _ = state.reduce(.speechHeard(mark(.sentence, first), generation: 1))
    #expect(state.listening.readAloud.sentence == second, "an older play's event is left alone")
    let cells = try #require(state.screen.sides.first?.cells)
    let marked = cells.lines.joined().filter { $0.style.mark == .spokenWord }.map(\.text)
    #expect(marked == ["You"])
  }

  @Test func rPausesAndGoesOnAndRStops() throws {
    var state = try reading()
    _ = try startReading(&state)
    // Paused, nothing needs the clock (no sleep timer runs down); going on starts it again.
    #expect(state.press("r") == [.pauseSpeech, .clock(running: false)])
    #expect(state.screen.status.listening == "Reading aloud paused")
    #expect(state.screen.message?.text == "Reading aloud paused; r goes on.")
    #expect(!spoken(state).isEmpty, "the sentence stays marked while paused")
    #expect(state.press("r") == [.resumeSpeech, .clock(running: true)])
    #expect(state.screen.status.listening == "Reading aloud")
    let stop = state.press("R")
    #expect(stop.contains(.stopSpeech))
    #expect(stop.contains(.clock(running: false)))
    #expect(spoken(state).isEmpty)
    #expect(state.screen.status.listening == nil)
    #expect(state.screen.message?.text == "Reading aloud stopped.")
    #expect(state.press("R").isEmpty)
    #expect(state.screen.message?.text == "Not reading aloud; r starts.")
  }

  @Test func readingStartsFromTheSelectionWhichEnds() throws {
    var state = try reading()
    _ = state.press("v")
    _ = state.press(")")
    _ = state.press(")")
    _ = state.press("(")
    let selection = try #require(state.selecting.selection)
    #expect(
      state.press("r")
        == [.prepareSpeech(chapter: 1, offset: selection.start.offset, generation: 1)])
    #expect(state.selecting.selection == nil)
  }

  @Test func aSelectionMadeWhileReadingIsWhereReadingGoesOn() throws {
    var state = try reading()
    _ = try startReading(&state)
    _ = state.press("v")
    _ = state.press(")")
    let selection = try #require(state.selecting.selection)
    let effects = state.press("r")
    #expect(effects.contains(.stopSpeech), "the voice reading elsewhere stops")
    guard case .prepareSpeech(let chapter, let offset, let generation)? = effects.last else {
      Issue.record("r prepared nothing: \(effects)")
      return
    }
    #expect(chapter == selection.start.chapterIndex && offset == selection.start.offset)
    #expect(generation > 1, "a new play, so the old one's events are left alone")
    #expect(state.selecting.selection == nil)
  }

  @Test func speechRunningOffThePageTurnsItAndAReaderWhoTurnedAwayStaysThere() throws {
    var state = try reading()
    _ = try startReading(&state)
    let page = try #require(state.sides.first?.page.range)
    let all = try sentences(state)
    let last = try #require(all.lastIndex { $0.lowerBound < page.upperBound })
    // The last sentence starting on the page is heard: no turn yet.
    #expect(
      !state.reduce(.speechHeard(mark(.sentence, all[last]), generation: 2)).contains {
        if case .navigate = $0 { true } else { false }
      })
    let next = all[last + 1]
    let effects = state.reduce(.speechHeard(mark(.sentence, next), generation: 2))
    #expect(effects.contains(.navigate(.handsFree(countsAsReading: true))))
    let answer = try state.view(chapter: 1, page: 1)
    let after = state.reduce(.navigated(.handsFree(countsAsReading: true), moved: true, answer))
    #expect(after.isEmpty)
    #expect(state.screen.turnsOnItsOwn == 1, "the window animates the turn")
    #expect(spoken(state).first?.range == next)

    // The reader goes back a page to look: what is heard next leaves them there.
    _ = try state.shows(chapter: 1, page: 0, after: .turn(forward: false, pages: 1))
    let further = state.reduce(.speechHeard(mark(.sentence, all[last + 2]), generation: 2))
    #expect(!further.contains { if case .navigate = $0 { true } else { false } })
    // The next sentence chosen shows its page wherever the reader is.
    #expect(
      state.press(")").contains(
        .navigate(.reveal(Locator(chapterIndex: 1, offset: all[last + 3].lowerBound)))))
  }

  @Test func theEndOfAChapterGoesOnWithTheNextAndTheBooksEndStops() throws {
    var state = try reading()
    _ = try startReading(&state)
    #expect(
      state.reduce(.speechHeard(.finished, generation: 2))
        == [.prepareSpeech(chapter: 2, offset: 0, generation: 3), .redraw])
    let prepared = state.reduce(
      .speechPrepared(
        SpeechPlan(
          chapterIndex: 2, sentences: try sentences(state, chapter: 2), offset: 0,
          voice: "espeak-ng", generation: 3)))
    #expect(prepared.contains(.speak(chapter: 2, sentence: 0, generation: 4)))
    #expect(prepared.contains(.navigate(.reveal(Locator(chapterIndex: 2, offset: 0)))))

    let lastChapter = try #require(state.book.readingOrder.last)
    _ = state.reduce(
      .speechPrepared(
        SpeechPlan(
          chapterIndex: lastChapter, sentences: [0..<5], offset: 0, voice: "espeak-ng",
          generation: state.listening.generation)))
    let end = state.reduce(.speechHeard(.finished, generation: state.listening.generation))
    #expect(end.contains(.stopSpeech))
    #expect(state.screen.message?.text == "The end of the book: reading aloud stopped")
    #expect(state.screen.status.listening == nil)
  }

  @Test func noAudioDeviceSaysSoAndOffersAFile() throws {
    var state = try reading()
    _ = try startReading(&state)
    _ = state.reduce(
      .speechHeard(.failed(.noAudioDevice(reason: "no sound card")), generation: 2))
    let message = try #require(state.screen.message)
    #expect(message.isError)
    #expect(message.text.hasPrefix("No audio device to read aloud on: quire speak Handbook -o"))
    #expect(message.text.hasSuffix("(no sound card)"))
    #expect(state.screen.status.listening == nil)
  }

  @Test func theSleepTimerStepsAndStopsReadingWhenItRunsOut() throws {
    var state = try reading()
    #expect(state.press("Z").isEmpty)
    #expect(state.screen.message?.text == "The sleep timer stops reading aloud; r starts it first.")
    _ = try startReading(&state)
    _ = state.press("Z")
    #expect(state.screen.message?.text == "Reading aloud stops in 15 min")
    _ = state.press("Z")
    #expect(state.screen.status.listening == "Reading aloud · stops in 30 min")
    _ = state.reduce(.tick(now: 1000 + 29 * 60 + 10))
    #expect(state.screen.status.listening == "Reading aloud · stops in 1 min")
    let effects = state.reduce(.tick(now: 1000 + 30 * 60))
    #expect(effects.contains(.stopSpeech))
    #expect(state.screen.message?.text == "Sleep timer: reading aloud stopped")
    #expect(state.listening.readAloud.phase == .stopped)
  }

  @Test func autoTurnTurnsAtItsPaceAnyKeyPausesItAndAwayItIsNotReading() throws {
    var preferences = Preferences()
    preferences.autoTurnSeconds = 20
    var state = try ReducerFixtures.state(preferences: preferences)
    _ = state.reduce(.tick(now: 1000))
    _ = try state.shows(chapter: 1, page: 0)
    #expect(state.press("A") == [.clock(running: true)])
    #expect(state.screen.message?.text == "Auto turn on: this page for 20 s; any key pauses.")
    #expect(state.screen.status.listening == "Auto turn")
    #expect(state.reduce(.tick(now: 1019)).isEmpty)
    #expect(state.reduce(.tick(now: 1020)).contains(.navigate(.handsFree(countsAsReading: true))))
    _ = state.reduce(
      .navigated(
        .handsFree(countsAsReading: true), moved: true, try state.view(chapter: 1, page: 1)))
    #expect(state.screen.turnsOnItsOwn == 1)
    // The next page has its own 20 s from when it was shown.
    #expect(state.reduce(.tick(now: 1030)).isEmpty)
    // Any key pauses it (and does what it does); A goes on.
    _ = state.reduce(.tick(now: 1031))
    #expect(
      state.press("k") == [.clock(running: false), .navigate(.turn(forward: false, pages: 1))])
    #expect(state.screen.status.listening == "Auto turn paused")
    #expect(state.reduce(.tick(now: 1100)).isEmpty)
    _ = state.reduce(.tick(now: 1101))
    #expect(state.press("A") == [.clock(running: true)])
    // Nobody pressed anything for more than five minutes: the pages turned are not reading.
    let away = state.reduce(.tick(now: 1101 + 301))
    #expect(away.contains(.navigate(.handsFree(countsAsReading: false))))
    // At the end of the book it stops.
    _ = state.reduce(
      .navigated(
        .handsFree(countsAsReading: false), moved: false, try state.view(chapter: 1, page: 1)))
    #expect(state.screen.message?.text == "The end of the book: auto turn off.")
    #expect(state.listening.autoTurn.phase == .off)
  }

  @Test func readingAloudTurnsAutoTurnOff() throws {
    var state = try reading()
    _ = state.press("A")
    #expect(state.listening.autoTurn.phase == .running)
    let effects = state.press("r")
    #expect(state.listening.autoTurn.phase == .off)
    #expect(effects.contains(.clock(running: false)))
    _ = state.reduce(
      .speechPrepared(
        SpeechPlan(
          chapterIndex: 1, sentences: try sentences(state), offset: 0, voice: "espeak-ng",
          generation: state.listening.generation)))
    _ = state.press("A")
    #expect(state.screen.message?.text == "Reading aloud turns the pages itself; R stops it.")
  }

  @Test func theBooksNarrationIsMarkedInItsOwnColour() throws {
    var state = try reading()
    _ = state.press("r")
    let colour = Color(red: 0xFF, green: 0xE0, blue: 0x8A)
    _ = state.reduce(
      .speechPrepared(
        SpeechPlan(
          chapterIndex: 1, sentences: [0..<18, 20..<60], offset: 0, voice: "the book's narration",
          isNarration: true, narrationColour: colour, generation: 1)))
    #expect(spoken(state) == [.init(range: 0..<18, kind: .spokenSentence(colour))])
    #expect(state.screen.status.listening == "Narration")
  }
}
