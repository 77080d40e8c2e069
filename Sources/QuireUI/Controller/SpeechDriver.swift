import Foundation
import QuireBook
import QuireSpeech

/// What the controller keeps to read aloud: the engine (opened at the first start, and
/// again when the speech preferences change), the player of the book's own narration, the
/// chapter made ready, and the stream on which what is heard comes back in order.
///
/// Its methods return at once: engines speak on threads of their own. `prepare` does the
/// slow part (a chapter's sentences, the engine's start, the narration's audio) and is
/// called off the controller's actor.
final class SpeechDriver: @unchecked Sendable {
  /// A chapter ready to be read: its utterances for the engine, or its narration.
  private enum Material {
    case spoken([Utterance])
    case narration(NarrationRenderer)
  }

  /// What `prepare` made, kept for `play`.
  private struct Prepared {
    var chapter: Int
    var generation: Int
    var material: Material
  }

  private let lock = NSLock()
  private var engine: (any ReadAloudEngine)?
  private var engineSettings: SpeechSettings?
  private var engineLanguage: String?
  private var narrator: NarrationPlayer?
  private var prepared: Prepared?
  /// Whose voice plays now: the engine's or the narration's.
  private var narrating = false
  /// Whether `close()` came: no engine opens and nothing plays after.
  private var isClosed = false
  private let sink: AsyncStream<(SpeechEvent, Int)>.Continuation
  /// What is heard, with the generation of the play it belongs to, in order.
  let events: AsyncStream<(SpeechEvent, Int)>

  init() {
    (events, sink) = AsyncStream.makeStream(of: (SpeechEvent, Int).self)
  }

  /// Makes ready what is read of chapter `chapter` from `offset`: its narration when the
  /// book has a usable one, else its sentences for the engine `settings` choose (started
  /// now if it is not, or with other settings); the plan says which, or why nothing can be
  /// read.
  func prepare(
    book: Book, chapter: Int, offset: Int, settings: SpeechSettings, generation: Int
  ) -> ReaderAction {
    var warnings: [String] = []
    if book.chapters.indices.contains(chapter), book.chapters[chapter].mediaOverlayHref != nil {
      let (narration, found) = Narration.load(book: book, chapter: chapter)
      warnings = found.map(\.description)
      if let narration, let renderer = try? NarrationRenderer(narration: narration, book: book) {
        store(Prepared(chapter: chapter, generation: generation, material: .narration(renderer)))
        return .speechPrepared(
          SpeechPlan(
            chapterIndex: chapter, sentences: narration.clips.map(\.range), offset: offset,
            voice: "the book's narration", isNarration: true,
            narrationColour: book.narrationColour(ofChapter: chapter), generation: generation,
            warnings: warnings))
      }
    }
    let language = book.metadata.language
    let engine: any ReadAloudEngine
    do {
      engine = try self.engine(settings: settings, language: language)
    } catch {
      return .speechUnavailable(reason: error.description, generation: generation)
    }
    guard let text = try? book.text(ofChapter: chapter) else {
      return .speechUnavailable(
        reason: "chapter \(chapter + 1) of \(book.path) cannot be read aloud: it cannot be read",
        generation: generation)
    }
    let utterances = SpeechScript.utterances(
      of: text, chapterIndex: chapter, language: language, settings: settings)
    store(Prepared(chapter: chapter, generation: generation, material: .spoken(utterances)))
    return .speechPrepared(
      SpeechPlan(
        chapterIndex: chapter, sentences: utterances.map(\.range), offset: offset,
        voice: engine.name, generation: generation, warnings: warnings))
  }

  /// The engine for `settings`, started when there is none or it has other settings.
  private func engine(settings: SpeechSettings, language: String?) throws(SpeechError)
    -> any ReadAloudEngine
  {
    lock.lock()
    if isClosed {
      lock.unlock()
      throw .noAudioDevice(reason: "the reader closed")
    }
    if let engine, engineSettings == settings, engineLanguage == language {
      lock.unlock()
      return engine
    }
    let old = engine
    engine = nil
    lock.unlock()
    old?.close()
    let opened = try ReadAloudEngines.open(settings: settings, language: language)
    lock.lock()
    // The reader closed while the engine opened: it goes at once.
    if isClosed {
      lock.unlock()
      opened.close()
      throw .noAudioDevice(reason: "the reader closed")
    }
    defer { lock.unlock() }
    engine = opened
    engineSettings = settings
    engineLanguage = language
    return opened
  }

  private func store(_ made: Prepared) {
    lock.lock()
    defer { lock.unlock() }
    // An older preparation finishing late leaves a newer one in place.
    if let prepared, prepared.generation > made.generation { return }
    prepared = made
  }

  /// Reads the prepared chapter from sentence `sentence` on, after silencing what plays;
  /// what is heard comes back on `events` tagged with `generation`. Nothing plays when the
  /// chapter is not the one prepared.
  func play(chapter: Int, sentence: Int, generation: Int) {
    lock.lock()
    guard !isClosed, let prepared, prepared.chapter == chapter else {
      lock.unlock()
      return
    }
    let engine = self.engine
    if narrator == nil, case .narration = prepared.material { narrator = NarrationPlayer() }
    let narrator = self.narrator
    let wasNarrating = narrating
    if case .narration = prepared.material { narrating = true } else { narrating = false }
    lock.unlock()
    let sink = self.sink
    let report: @Sendable (SpeechEvent) -> Void = { sink.yield(($0, generation)) }
    switch prepared.material {
    case .spoken(let utterances):
      if wasNarrating { narrator?.stop() }
      let start = min(sentence, utterances.count)
      engine?.play(Array(utterances[start...]), events: report)
    case .narration(let renderer):
      engine?.stop()
      narrator?.play(renderer, from: min(sentence, renderer.clipCount), events: report)
    }
  }

  func pause() {
    playing {
      $0.pause()
    } narration: {
      $0.pause()
    }
  }

  func resume() {
    playing {
      $0.resume()
    } narration: {
      $0.resume()
    }
  }

  /// Silences everything at once; no event of what played follows.
  func stop() {
    lock.lock()
    let (engine, narrator) = (self.engine, self.narrator)
    lock.unlock()
    engine?.stop()
    narrator?.stop()
  }

  /// Silences everything and closes the audio devices now, on the caller's thread, and
  /// ends the stream of events (the controller closes, before a window shuts SDL down:
  /// a device closed later by whichever thread drops it last would race SDL's shutdown).
  func close() {
    lock.lock()
    isClosed = true
    let (engine, narrator) = (self.engine, self.narrator)
    self.engine = nil
    self.narrator = nil
    prepared = nil
    lock.unlock()
    engine?.close()
    narrator?.close()
    sink.finish()
  }

  /// Samples the audio device has played since it opened: how the bench sees the first
  /// sample heard. Nil before espeak-ng (into the device) or a narration played.
  var playedFrames: Int? {
    lock.lock()
    let (engine, narrator, narrating) = (self.engine, self.narrator, self.narrating)
    lock.unlock()
    if narrating { return narrator?.playedFrames }
    return (engine as? SpeechPlayer)?.playedFrames
  }

  /// Times the voice ran dry in the middle of what it read (it stuttered), over every play.
  var underruns: Int {
    lock.lock()
    let (engine, narrator) = (self.engine, self.narrator)
    lock.unlock()
    return ((engine as? SpeechPlayer)?.underruns ?? 0) + (narrator?.underruns ?? 0)
  }

  private func playing(
    _ engineAction: (any ReadAloudEngine) -> Void, narration: (NarrationPlayer) -> Void
  ) {
    lock.lock()
    let (engine, narrator, narrating) = (self.engine, self.narrator, self.narrating)
    lock.unlock()
    if narrating {
      narrator.map(narration)
    } else {
      engine.map(engineAction)
    }
  }
}
