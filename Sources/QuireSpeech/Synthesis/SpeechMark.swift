/// A sentence or word of a chapter and when it is heard: what follow-along highlights and
/// what `quire speak --events` prints.
public struct SpeechMark: Hashable, Sendable {
  /// What is marked.
  public enum Kind: String, Hashable, Sendable {
    case sentence
    case word
    /// A fragment the book's own narration reads (one `<par>` of its media overlay).
    case clip
  }

  public var kind: Kind
  /// The chapter's index in `Book.chapters`.
  public var chapterIndex: Int
  /// UTF-16 range in the chapter's text.
  public var range: Range<Int>
  /// The first sample at which it is heard.
  public var startFrame: Int
  /// The sample after the last one of it.
  public var endFrame: Int

  /// Creates a mark.
  public init(kind: Kind, chapterIndex: Int, range: Range<Int>, startFrame: Int, endFrame: Int) {
    self.kind = kind
    self.chapterIndex = chapterIndex
    self.range = range
    self.startFrame = startFrame
    self.endFrame = endFrame
  }

  /// The mark moved by `frames` samples.
  public func shifted(by frames: Int) -> SpeechMark {
    var mark = self
    mark.startFrame += frames
    mark.endFrame += frames
    return mark
  }
}
