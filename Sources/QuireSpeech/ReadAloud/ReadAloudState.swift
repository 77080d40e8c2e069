/// Where reading aloud is: what a reader sees of it (speech on or paused, the sentence and
/// word highlighted) and what it needs to go on (the chapter's sentences, the sleep timer).
///
/// A value: `ReadAloud.reduce` makes the next one from a command and says what must be
/// done (`ReadAloudEffect`); nothing here speaks, turns a page or reads a clock.
public struct ReadAloudState: Hashable, Sendable {
  /// Whether speech is on.
  public enum Phase: Hashable, Sendable {
    case stopped
    case playing
    case paused
  }

  public var phase: Phase = .stopped
  /// The chapter being read.
  public var chapterIndex: Int?
  /// The ranges of the chapter's sentences (or narration clips) in reading order.
  public var sentences: [Range<Int>] = []
  /// The index in `sentences` of the one being read (the one to go on from when paused).
  public var current: Int?
  /// The word being read, where the engine reports words.
  public var word: Range<Int>?
  /// When speech stops by itself, in seconds of the controller's clock; nil: no timer.
  public var sleepDeadline: Double?

  /// Nothing being read.
  public init() {}

  /// The range being read, for the highlight.
  public var sentence: Range<Int>? {
    guard let current, sentences.indices.contains(current) else { return nil }
    return sentences[current]
  }

  /// Whether speech is on, playing or paused (the status line and HUD say so).
  public var isActive: Bool { phase != .stopped }
}

/// What a reader (or the engine, or time) does to reading aloud.
public enum ReadAloudCommand: Hashable, Sendable {
  /// Read chapter `chapterIndex`, whose sentences are `sentences`, from the one holding
  /// `offset`: the selection's start, or the first character of the page shown.
  case start(chapterIndex: Int, sentences: [Range<Int>], from: Int)
  /// `r`: start from the page (the controller sends `start`), pause, or resume.
  case toggle
  case pause
  case resume
  /// `R`.
  case stop
  case nextSentence
  case previousSentence
  /// Stop by itself `minutes` from `now` (nil: no timer).
  case sleepTimer(minutes: Int?, now: Double)
  /// The engine says what is heard.
  case heard(SpeechEvent)
  /// The book has no chapter after the one read.
  case reachedEnd
  /// Time passes (for the sleep timer).
  case tick(now: Double)
}

/// What the controller does for reading aloud, off the input and drawing threads.
public enum ReadAloudEffect: Hashable, Sendable {
  /// Build the utterances of the page shown (or the selection) and send `start`.
  case startFromPage
  /// Play chapter `chapterIndex` from sentence `sentence` (an index in the state's
  /// `sentences`) to the end of the chapter.
  case play(chapterIndex: Int, sentence: Int)
  case pause
  case resume
  case stop
  /// Show the page holding this offset of this chapter, turning to it if it is not shown.
  case follow(chapterIndex: Int, offset: Int)
  /// The chapter is done: send `start` with the next chapter's sentences, or `reachedEnd`.
  case continueAfter(chapterIndex: Int)
  /// Tell the reader something (the end of the book, a sleep timer, a problem).
  case message(String)
}
