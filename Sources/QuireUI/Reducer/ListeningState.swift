package import QuireBook
package import QuireSpeech

/// Reading aloud and hands-free turning: the reading view's listening feature
/// (`ReaderState+ReadAloud`, `ReaderState+AutoTurn`).
///
/// QuireSpeech's pure machines hold what a reader sees of it (`ReadAloudState`: speech on or
/// paused, the sentence and word heard; `AutoTurn`: on, paused, when the page turns); this
/// adds what the reading view needs around them: who reads, the clock, and which engine
/// events are still wanted.
package struct ListeningState: Sendable {
  package var readAloud = ReadAloudState()
  package var autoTurn = AutoTurn()
  /// Who reads the chapter being read ("espeak-ng", "speech-dispatcher", "the book's
  /// narration"); nil before speech first started.
  package var voice: String?
  /// The chapter being read is read by the book's own narration (a media overlay).
  package var isNarration = false
  /// The colour the book gives the text its narration reads (`media:active-class`).
  package var narrationColour: Color?
  /// Counts plays, stops and preparations: an engine event or a prepared chapter of an
  /// older one is left alone.
  package var generation = 0
  /// The controller's clock, in seconds, as the last `tick` gave it.
  package var now = 0.0
  /// Whether the controller ticks (auto turn running or a sleep timer set).
  package var isClockRunning = false
  /// The sleep timer's length in minutes; nil when none is set.
  package var sleepMinutes: Int?
  /// Turns made by speech or auto turn (not by the reader): a window animates each new one.
  package var turnsOnItsOwn = 0
  /// The highlight was on the pages shown when the last event came: speech that runs off
  /// them turns the page; a reader who turned away is left where they went.
  package var isFollowing = true

  /// Nothing read, nothing turning.
  package init() {}

  /// The sleep timer's lengths, in the order the key steps through them (then off).
  package static let sleepChoices = [15, 30, 45, 60]

  /// Whether the controller has to tick: auto turn is running, or speech has a sleep timer.
  package var needsClock: Bool {
    autoTurn.phase == .running || readAloud.sleepDeadline != nil
  }
}

/// What the controller made ready to read of a chapter: its sentences (or its narration's
/// clips) and who reads them.
package struct SpeechPlan: Hashable, Sendable {
  package var chapterIndex: Int
  /// The ranges read, in reading order: `ReadAloudState.sentences`.
  package var sentences: [Range<Int>]
  /// Where to start: the selection's first character, the page's, or 0 for a chapter
  /// that follows.
  package var offset: Int
  /// "espeak-ng", "speech-dispatcher" or "the book's narration".
  package var voice: String
  package var isNarration: Bool
  /// The book's `media:active-class` colour, for a narration's highlight.
  package var narrationColour: Color?
  /// The `ListeningState.generation` of the preparation.
  package var generation: Int
  /// Problems met with the book's narration (it is read by the voice then).
  package var warnings: [String]

  /// A plan.
  package init(
    chapterIndex: Int, sentences: [Range<Int>], offset: Int, voice: String,
    isNarration: Bool = false, narrationColour: Color? = nil, generation: Int,
    warnings: [String] = []
  ) {
    self.chapterIndex = chapterIndex
    self.sentences = sentences
    self.offset = offset
    self.voice = voice
    self.isNarration = isNarration
    self.narrationColour = narrationColour
    self.generation = generation
    self.warnings = warnings
  }
}
