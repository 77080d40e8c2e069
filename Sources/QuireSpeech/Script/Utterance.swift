/// One sentence of a chapter as it is spoken: its place in the chapter and the text the
/// engine is given, in runs of one language each.
///
/// The spoken text differs from the chapter's: note references are left out, an image
/// is its alternative text or nothing, ruby is its base or its reading, soft hyphens
/// and line breaks are gone. Each span keeps the map back to the chapter's UTF-16
/// offsets, so what the engine reports (a word at a character of its text) lands on
/// the characters the reader sees.
public struct Utterance: Hashable, Sendable {
  /// The chapter's index in `Book.chapters`.
  public var chapterIndex: Int
  /// The sentence's UTF-16 range in the chapter's text.
  public var range: Range<Int>
  /// What is said, in order; a change of language starts a new span.
  public var spans: [SpokenSpan]

  /// Creates an utterance.
  public init(chapterIndex: Int, range: Range<Int>, spans: [SpokenSpan]) {
    self.chapterIndex = chapterIndex
    self.range = range
    self.spans = spans
  }

  /// The whole spoken text.
  public var text: String { spans.map(\.text).joined() }
}

/// A stretch of an utterance in one language, with the map from its text to the chapter.
public struct SpokenSpan: Hashable, Sendable {
  /// A piece of the spoken text and the chapter text it stands for.
  public struct Piece: Hashable, Sendable {
    /// UTF-16 range in the span's `text`.
    public var spoken: Range<Int>
    /// UTF-16 range in the chapter.
    public var source: Range<Int>
    /// The spoken text is the chapter's own, unit for unit (else it stands for the
    /// whole source range: a ruby reading, an alt text).
    public var isVerbatim: Bool

    /// Creates a piece.
    public init(spoken: Range<Int>, source: Range<Int>, isVerbatim: Bool) {
      self.spoken = spoken
      self.source = source
      self.isVerbatim = isVerbatim
    }
  }

  /// What the engine says.
  public var text: String
  /// BCP 47 language of the text; nil: the book's.
  public var language: String?
  /// The map back to the chapter, in order, covering `text`.
  public var pieces: [Piece]

  /// Creates a span.
  public init(text: String, language: String?, pieces: [Piece]) {
    self.text = text
    self.language = language
    self.pieces = pieces
  }

  /// The chapter offset of the spoken UTF-16 offset `offset`: where a word that starts
  /// there starts (`end` false) or where one that ends there ends (`end` true).
  public func sourceOffset(_ offset: Int, end: Bool = false) -> Int {
    guard let first = pieces.first, let last = pieces.last else { return 0 }
    if offset <= first.spoken.lowerBound { return first.source.lowerBound }
    if offset >= last.spoken.upperBound { return last.source.upperBound }
    // The piece holding the offset; an end offset at a piece's start belongs to the one
    // before it.
    var low = 0
    var high = pieces.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      let start = pieces[middle].spoken.lowerBound
      if start < offset || (!end && start == offset) {
        low = middle
      } else {
        high = middle - 1
      }
    }
    let piece = pieces[low]
    if piece.isVerbatim {
      return piece.source.lowerBound + min(offset - piece.spoken.lowerBound, piece.source.count)
    }
    return end ? piece.source.upperBound : piece.source.lowerBound
  }

  /// The chapter range of the spoken UTF-16 range `range`.
  public func sourceRange(_ range: Range<Int>) -> Range<Int> {
    let start = sourceOffset(range.lowerBound)
    return start..<max(start, sourceOffset(range.upperBound, end: true))
  }
}
