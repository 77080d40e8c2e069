import QuireBook
import QuireSpeech
import QuireTypesetting

extension ReaderState {
  /// Reading aloud's keys: `r` starts (from the selection when there is one), pauses and
  /// goes on, `R` stops, `(` `)` move by a sentence, `Z` sets the sleep timer; nil for a
  /// command of another feature.
  mutating func reduceReadAloud(_ command: ReaderCommand) -> [ReaderEffect]? {
    switch command {
    case .readAloud:
      // With a passage selected (the window's menu, or r in visual mode) reading starts
      // there, even over a voice already reading elsewhere.
      if listening.readAloud.isActive, selecting.selection != nil {
        return readAloud(.stop) + startReadingAloud()
      }
      guard listening.readAloud.isActive else { return startReadingAloud() }
      return readAloud(.toggle)
    case .stopReading:
      guard listening.readAloud.isActive else {
        say("Not reading aloud; r starts.")
        return []
      }
      let effects = readAloud(.stop)
      say("Reading aloud stopped.")
      return effects
    case .nextSentence, .previousSentence:
      guard listening.readAloud.isActive else {
        say("Not reading aloud; r starts.")
        return []
      }
      return readAloud(command == .nextSentence ? .nextSentence : .previousSentence)
    case .sleepTimer:
      guard listening.readAloud.isActive else {
        say("The sleep timer stops reading aloud; r starts it first.")
        return []
      }
      let choices = ListeningState.sleepChoices
      let next = listening.sleepMinutes.flatMap { choices.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
      listening.sleepMinutes = choices.indices.contains(next) ? choices[next] : nil
      return readAloud(.sleepTimer(minutes: listening.sleepMinutes, now: listening.now))
    default:
      return nil
    }
  }

  /// `r` with nothing read: from the selection's start (the selection ends), else from
  /// the first character of the page shown. The controller prepares the chapter.
  mutating func startReadingAloud() -> [ReaderEffect] {
    let place: Locator
    if let selection = selecting.selection {
      place = selection.start
      clearSelection()
    } else if let side = sides.first {
      place = Locator(chapterIndex: side.chapterIndex, offset: side.page.range.lowerBound)
    } else {
      place = anchor
    }
    // Speech turns the pages itself.
    let effects = listening.autoTurn.phase == .off ? [] : autoTurn(.stop)
    listening.generation += 1
    say("Starting to read aloud…")
    return effects + [
      .prepareSpeech(
        chapter: place.chapterIndex, offset: place.offset, generation: listening.generation)
    ]
  }

  /// Runs a command through QuireSpeech's read-aloud machine and carries out what it
  /// asks for; the highlight on the pages follows the new state.
  mutating func readAloud(_ command: ReadAloudCommand) -> [ReaderEffect] {
    let before = listening.readAloud
    let (next, asked) = ReadAloud.reduce(before, command)
    listening.readAloud = next
    if !next.isActive { listening.sleepMinutes = nil }
    var effects: [ReaderEffect] = []
    for effect in asked {
      switch effect {
      case .startFromPage:
        effects += startReadingAloud()
      case .play(let chapter, let sentence):
        listening.generation += 1
        effects.append(
          .speak(chapter: chapter, sentence: sentence, generation: listening.generation))
      case .pause: effects.append(.pauseSpeech)
      case .resume: effects.append(.resumeSpeech)
      case .stop:
        listening.generation += 1
        effects.append(.stopSpeech)
      case .follow(let chapter, let offset):
        // What is heard moves on (the next chapter too): the page follows it while the
        // reader is on the page it was on. A start, or a sentence chosen, shows its page
        // wherever the reader is.
        let flowing: Bool
        switch command {
        case .heard: flowing = true
        case .start: flowing = before.isActive
        default: flowing = false
        }
        effects += follow(chapter: chapter, offset: offset, previous: before, flowing: flowing)
      case .continueAfter(let chapter):
        effects += continueReading(after: chapter)
      case .message(let text):
        if case .heard(.failed(.noAudioDevice(let reason))) = command {
          // Said so that a status line's width keeps the way out.
          let name = book.path.split(separator: "/").last.map(String.init) ?? "BOOK"
          say(
            "No audio device to read aloud on: quire speak \(name) -o speech.wav writes the "
              + "speech to a file (\(reason))", isError: true)
        } else {
          say(text, isError: isFailure(command))
        }
      }
    }
    if next.phase == .paused && before.phase == .playing { say("Reading aloud paused; r goes on.") }
    if next.phase == .playing && before.phase == .paused { say("Reading aloud.") }
    refreshMarks()
    return effects + clockEffects()
  }

  /// Whether a command that stopped speech is a failure of the engine.
  private func isFailure(_ command: ReadAloudCommand) -> Bool {
    if case .heard(.failed) = command { return true }
    return false
  }

  /// The next chapter in reading order, prepared from its start; the end of the book stops.
  mutating func continueReading(after chapter: Int) -> [ReaderEffect] {
    let order = book.readingOrder.isEmpty ? Array(book.chapters.indices) : book.readingOrder
    let position = order.firstIndex(of: chapter) ?? order.lastIndex { $0 < chapter }
    guard let position, position + 1 < order.count else { return readAloud(.reachedEnd) }
    listening.generation += 1
    return [
      .prepareSpeech(chapter: order[position + 1], offset: 0, generation: listening.generation)
    ]
  }

  /// Shows the page holding `offset` of `chapter` when the pages shown do not: a turn
  /// (with the chosen animation) when it is on the next page, a jump otherwise. Speech
  /// running off the pages (`flowing`) moves them only if what was heard before was on
  /// them: a reader who turned away to look at another page is left there.
  mutating func follow(
    chapter: Int, offset: Int, previous: ReadAloudState, flowing: Bool
  ) -> [ReaderEffect] {
    guard !isShown(chapter: chapter, offset: offset) else { return [] }
    if flowing {
      guard let before = previous.word ?? previous.sentence, let was = previous.chapterIndex,
        isShown(chapter: was, offset: before.lowerBound)
      else { return [] }
      if let last = sides.last, isJustAfter(last, chapter: chapter, offset: offset) {
        return [.navigate(.handsFree(countsAsReading: isReaderPresent))]
      }
    }
    return [.navigate(.reveal(Locator(chapterIndex: chapter, offset: offset)))]
  }

  /// Whether the character at `offset` of `chapter` is on a page shown.
  func isShown(chapter: Int, offset: Int) -> Bool {
    sides.contains { $0.chapterIndex == chapter && $0.page.range.contains(offset) }
  }

  /// Whether `offset` of `chapter` comes after `side` and no later than the page after it
  /// could (the same chapter past its end, or the next chapter's start after its last page).
  private func isJustAfter(_ side: PageSide, chapter: Int, offset: Int) -> Bool {
    let range = side.page.range
    if chapter == side.chapterIndex { return offset >= range.upperBound }
    let order = book.readingOrder
    guard let index = order.firstIndex(of: side.chapterIndex), index + 1 < order.count,
      order[index + 1] == chapter
    else { return false }
    return range.upperBound >= side.text.length && offset < max(1, range.count)
  }

  /// Whether the reader gave some input in the last few minutes (`AutoTurn.presenceWindow`):
  /// pages turned by themselves count as reading only then.
  var isReaderPresent: Bool { listening.autoTurn.isReaderPresent(now: listening.now) }

  /// The marks of what is heard on a page: the sentence (or a narration's clip, in the
  /// book's colour) and the word.
  func spokenMarks(chapter: Int, page: Page) -> [PageSide.Mark] {
    let reading = listening.readAloud
    guard reading.isActive, reading.chapterIndex == chapter else { return [] }
    var marks: [PageSide.Mark] = []
    if let sentence = reading.sentence, sentence.overlaps(page.range) {
      marks.append(
        .init(
          range: sentence,
          kind: .spokenSentence(listening.isNarration ? listening.narrationColour : nil)))
    }
    if let word = reading.word, word.overlaps(page.range) {
      marks.append(.init(range: word, kind: .spokenWord))
    }
    return marks
  }

  /// Takes in what the controller prepared, or the engine heard.
  mutating func receiveSpeech(_ result: ReaderAction) -> [ReaderEffect] {
    switch result {
    case .speechPrepared(let plan):
      guard plan.generation == listening.generation else { return [] }
      let starting = !listening.readAloud.isActive
      listening.voice = plan.voice
      listening.isNarration = plan.isNarration
      listening.narrationColour = plan.narrationColour
      var effects = readAloud(
        .start(chapterIndex: plan.chapterIndex, sentences: plan.sentences, from: plan.offset))
      if let warning = plan.warnings.first {
        say(warning, isError: true)
      } else if starting && listening.readAloud.isActive {
        say(
          "Reading aloud (\(plan.voice)): r pauses, R stops, ( ) a sentence back or on, "
            + "Z sleep timer.")
      }
      effects.append(.redraw)
      return effects
    case .speechUnavailable(let reason, let generation):
      guard generation == listening.generation else { return [] }
      var effects = listening.readAloud.isActive ? readAloud(.stop) : []
      say(reason, isError: true)
      effects.append(.redraw)
      return effects
    case .speechHeard(let event, let generation):
      guard generation == listening.generation else { return [] }
      return readAloud(.heard(event)) + [.redraw]
    default:
      return []
    }
  }
}
