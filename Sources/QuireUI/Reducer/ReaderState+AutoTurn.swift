import QuireBook
import QuireSpeech

extension ReaderState {
  /// `A`: the page turns by itself at the chosen pace, or stops doing so; nil for a
  /// command of another feature.
  mutating func reduceAutoTurn(_ command: ReaderCommand) -> [ReaderEffect]? {
    guard command == .autoTurn else { return nil }
    if listening.readAloud.isActive {
      say("Reading aloud turns the pages itself; R stops it.")
      return []
    }
    return autoTurn(.pageShown(pageSize, now: listening.now), quiet: true)
      + autoTurn(.toggle(autoTurnPace, now: listening.now))
  }

  /// How long a page stays: `autoTurnSeconds` when set, else the page's characters at the
  /// reader's measured speed, else its words at 200 a minute.
  var autoTurnPace: AutoTurn.Pace {
    if preferences.autoTurnSeconds > 0 {
      return .secondsPerPage(Double(preferences.autoTurnSeconds))
    }
    if let speed = timeEstimate?.charactersPerMinute, speed > 0 {
      return .charactersPerMinute(speed)
    }
    return .wordsPerMinute(200)
  }

  /// What the pages shown hold, to time them: characters, and words (an ideograph or kana
  /// counts as one).
  var pageSize: AutoTurn.PageSize {
    var characters = 0
    var words = 0
    for side in sides {
      characters += side.page.range.count
      var inWord = false
      for scalar in side.text.substring(side.page.range).unicodeScalars {
        if Self.isIdeographic(scalar) {
          words += 1
          inWord = false
        } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
          if !inWord { words += 1 }
          inWord = true
        } else {
          inWord = false
        }
      }
    }
    return AutoTurn.PageSize(characters: characters, words: words)
  }

  private static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value)
  }

  /// Runs a command through QuireSpeech's auto-turn machine and carries out what it asks
  /// for; `quiet` keeps its messages off the status line.
  mutating func autoTurn(_ command: AutoTurn.Command, quiet: Bool = false) -> [ReaderEffect] {
    let (next, asked) = AutoTurn.reduce(listening.autoTurn, command)
    listening.autoTurn = next
    var effects: [ReaderEffect] = []
    for effect in asked {
      switch effect {
      case .turnPage: effects.append(.navigate(.handsFree(countsAsReading: isReaderPresent)))
      case .message(let text):
        if !quiet { say(text.hasSuffix("paused") ? text + "; A goes on." : text + ".") }
      }
    }
    return effects + clockEffects()
  }

  /// A key, a click, a row chosen: the reader is there, and auto turn pauses.
  mutating func readerActed() -> [ReaderEffect] {
    autoTurn(.input(now: listening.now))
  }

  /// Time passes: the sleep timer and auto turn look at the clock.
  mutating func tick(now: Double) -> [ReaderEffect] {
    listening.now = now
    var effects: [ReaderEffect] = []
    if listening.readAloud.sleepDeadline != nil { effects += readAloud(.tick(now: now)) }
    if listening.autoTurn.phase == .running { effects += autoTurn(.tick(now: now)) }
    return effects.isEmpty ? [] : effects + [.redraw]
  }

  /// After the session moved: a turn made by speech or auto turn is counted for the window
  /// to animate, auto turn times the new page, and at the end of the book it stops.
  mutating func listeningNavigated(_ navigation: Navigation, moved: Bool) -> [ReaderEffect] {
    guard case .handsFree = navigation else {
      return listening.autoTurn.phase == .off
        ? [] : autoTurn(.pageShown(pageSize, now: listening.now))
    }
    guard moved else {
      guard listening.autoTurn.phase == .running else { return [] }
      let effects = autoTurn(.stop)
      say("The end of the book: auto turn off.")
      return effects
    }
    listening.turnsOnItsOwn += 1
    return autoTurn(.pageShown(pageSize, now: listening.now))
  }

  /// Starts or stops the controller's clock when what is timed changed.
  mutating func clockEffects() -> [ReaderEffect] {
    let needed = listening.needsClock || listening.readAloud.phase == .playing
    guard needed != listening.isClockRunning else { return [] }
    listening.isClockRunning = needed
    return [.clock(running: needed)]
  }

  /// Another book is open: speech stops and auto turn is off.
  mutating func stopListening() -> [ReaderEffect] {
    let wasReading = listening.readAloud.isActive
    let wasTimed = listening.isClockRunning
    let kept = listening
    listening = ListeningState()
    listening.generation = kept.generation + 1
    listening.now = kept.now
    listening.turnsOnItsOwn = kept.turnsOnItsOwn
    return (wasReading ? [.stopSpeech] : []) + (wasTimed ? [.clock(running: false)] : [])
  }
}
