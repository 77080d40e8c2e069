public import QuireBook
import QuireTypesetting

extension Selection {
  /// What a new selection takes at a place, and what a drag from it extends by.
  public enum Unit: Sendable {
    case character
    case word
    case sentence
    case paragraph

    /// The segmenter's unit.
    var segmenterUnit: TextSegmenter.Unit {
      switch self {
      case .character: .character
      case .word: .word
      case .sentence: .sentence
      case .paragraph: .paragraph
      }
    }
  }

  /// A selection of the `unit` at `locator`: the character there (a whole grapheme), the
  /// word (a space or a punctuation mark between words is selected alone), the sentence
  /// or the paragraph. Nil where there is nothing to select: past the chapter's end, or
  /// on a paragraph's break or an empty line.
  public static func at(
    _ locator: Locator, unit: Unit = .character, in text: TextBoundaries
  ) -> Selection? {
    let chapter = locator.chapterIndex
    let found = text.withSegmenter(ofChapter: chapter) { segmenter -> Range<Int>? in
      let offset = locator.offset
      guard (0..<segmenter.length).contains(offset) else { return nil }
      let character =
        offset..<(segmenter.boundary(after: offset, unit: .character) ?? segmenter.length)
      switch unit {
      case .character: return character
      case .word: return segmenter.word(at: offset) ?? character
      case .sentence:
        let sentence = segmenter.sentence(at: offset)
        return sentence.isEmpty ? character : sentence
      case .paragraph: return segmenter.paragraph(at: offset)
      }
    }
    guard let range = found ?? nil else { return nil }
    guard !range.isEmpty, text.isSelectable(range, inChapter: chapter) else { return nil }
    return Selection(
      anchor: Locator(chapterIndex: chapter, offset: range.lowerBound),
      anchorEnd: Locator(chapterIndex: chapter, offset: range.upperBound))
  }

  /// The selection of the `unit` at a point of a page shown: hit testing (`PageGeometry`)
  /// finds the character, nil where there is none (a margin, an empty line).
  public static func at(
    x: Double, y: Double, on geometry: PageGeometry, chapter: Int, unit: Unit = .word,
    in text: TextBoundaries
  ) -> Selection? {
    guard let offset = geometry.offset(atX: x, y: y) else { return nil }
    return at(Locator(chapterIndex: chapter, offset: offset), unit: unit, in: text)
  }

  /// The first word on a page (`v` in the terminal), else its first character; nil for a
  /// page without text (a picture alone).
  public static func firstWord(
    ofPage range: Range<Int>, chapter: Int, in text: TextBoundaries
  ) -> Selection? {
    let range = range.clamped(to: 0..<text.length(ofChapter: chapter))
    let first = text.withSegmenter(ofChapter: chapter) { segmenter in
      segmenter.words(in: range).first { $0.isWord && $0.range.lowerBound >= range.lowerBound }
    }
    if let word = first ?? nil, word.range.upperBound <= range.upperBound {
      return Selection(
        anchor: Locator(chapterIndex: chapter, offset: word.range.lowerBound),
        anchorEnd: Locator(chapterIndex: chapter, offset: word.range.upperBound))
    }
    for offset in range {
      if let character = at(Locator(chapterIndex: chapter, offset: offset), in: text) {
        return character
      }
    }
    return nil
  }

  /// The page's first sentence: the first that starts on it, else the one it starts in;
  /// what a note on the page is written on. Nil for a page without text.
  public static func firstSentence(
    ofPage range: Range<Int>, chapter: Int, in text: TextBoundaries
  ) -> Selection? {
    let range = range.clamped(to: 0..<text.length(ofChapter: chapter))
    let sentences = text.withSegmenter(ofChapter: chapter) { $0.sentences(in: range) } ?? []
    guard
      let sentence = sentences.first(where: { $0.lowerBound >= range.lowerBound })
        ?? sentences.first
    else { return nil }
    return Selection(
      anchor: Locator(chapterIndex: chapter, offset: sentence.lowerBound),
      anchorEnd: Locator(chapterIndex: chapter, offset: sentence.upperBound))
  }

  /// All the text of a page (Ctrl+A); nil for a page without text.
  public static func page(
    _ range: Range<Int>, chapter: Int, in text: TextBoundaries
  ) -> Selection? {
    let range = range.clamped(to: 0..<text.length(ofChapter: chapter))
    guard !range.isEmpty, text.isSelectable(range, inChapter: chapter) else { return nil }
    return Selection(
      anchor: Locator(chapterIndex: chapter, offset: range.lowerBound),
      anchorEnd: Locator(chapterIndex: chapter, offset: range.upperBound))
  }

  /// The same selection grown to the whole paragraphs it touches (a triple-click).
  public func wholeParagraphs(in text: TextBoundaries) -> Selection {
    var first = start
    first.offset =
      text.withSegmenter(ofChapter: first.chapterIndex) {
        $0.paragraph(at: first.offset).lowerBound
      } ?? first.offset
    var last = end
    last.offset =
      text.withSegmenter(ofChapter: last.chapterIndex) {
        $0.paragraph(at: max(0, last.offset - 1)).upperBound
      } ?? last.offset
    return Selection(anchor: first, anchorEnd: last)
  }
}

extension TextBoundaries {
  /// Whether a range holds something to select: a character other than a paragraph break
  /// or a line break.
  func isSelectable(_ range: Range<Int>, inChapter chapter: Int) -> Bool {
    guard let text = text(ofChapter: chapter) else { return false }
    return text.substring(range).unicodeScalars.contains { $0 != "\n" && $0 != "\u{2028}" }
  }
}
