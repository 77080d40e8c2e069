/// Plays a chapter's own narration (its media overlay's clips) into the audio device and
/// reports each clip when it is heard, as a `.sentence` event of kind `.clip`.
public final class NarrationPlayer: AudioQueuePlayer, @unchecked Sendable {
  /// A player; its device opens at the first narration's rate.
  override public init() {}

  /// Plays `renderer`'s clips from clip `first` on, after stopping anything playing.
  public func play(
    _ renderer: NarrationRenderer, from first: Int = 0,
    events: @escaping @Sendable (SpeechEvent) -> Void
  ) {
    play(NarrationProgram(renderer: renderer, first: first), events: events)
  }
}

/// The clips of a narration from one on.
struct NarrationProgram: SoundProgram {
  let renderer: NarrationRenderer
  let first: Int

  var sampleRate: Int { renderer.sampleRate }
  var count: Int { max(0, renderer.clipCount - first) }

  func render(_ index: Int, receive: (UnsafeBufferPointer<Int16>) -> Bool) throws(SpeechError)
    -> [SpeechMark]?
  {
    try renderer.renderClip(first + index, receive: receive).map { [$0] }
  }
}
