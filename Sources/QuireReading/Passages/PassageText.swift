public import QuireBook

/// The plain text of a passage, as a reader means it: what is copied, exported with a
/// highlight and read aloud.
///
/// Paragraphs are kept, a blank line between two (blank paragraphs and chapter breaks
/// included, never more than one blank line); a line break inside a paragraph (U+2028)
/// is a line break. Soft hyphens (U+00AD) are left out; the hyphens the typesetter draws
/// at a line's end were never in the text. A picture (U+FFFC) is left out, or given by its
/// alternative text as a paragraph of its own.
public enum PassageText {
  /// What a picture in the passage becomes.
  public enum Pictures: Sendable {
    /// Nothing (copying).
    case dropped
    /// Its alternative text, when it has one (reading aloud).
    case alternativeText
  }

  /// The text from `start` up to (not including) `end`, across chapters.
  ///
  /// The chapters in between are those of the reading order (non-linear ones are left
  /// out unless the passage starts or ends in one); a chapter that cannot be read gives
  /// nothing.
  ///
  /// - Complexity: O(n) in the passage's length.
  public static func text(
    from start: Locator, to end: Locator, in book: Book, pictures: Pictures = .dropped
  ) -> String {
    guard start < end else { return "" }
    var paragraphs: [String] = []
    for chapter in start.chapterIndex...end.chapterIndex {
      guard book.chapters.indices.contains(chapter) else { continue }
      let isEnd = chapter == start.chapterIndex || chapter == end.chapterIndex
      guard isEnd || book.chapters[chapter].isLinear,
        let styled = try? book.text(ofChapter: chapter)
      else { continue }
      let lower = chapter == start.chapterIndex ? start.offset : 0
      let upper = chapter == end.chapterIndex ? end.offset : styled.length
      paragraphs += self.paragraphs(of: lower..<max(lower, upper), in: styled, pictures: pictures)
    }
    return paragraphs.joined(separator: "\n\n")
  }

  /// The text of `range` in one chapter's text (clamped to it).
  public static func text(
    of range: Range<Int>, in styled: StyledText, pictures: Pictures = .dropped
  ) -> String {
    paragraphs(of: range, in: styled, pictures: pictures).joined(separator: "\n\n")
  }

  /// The passage's paragraphs, cleaned, without the empty ones.
  static func paragraphs(of range: Range<Int>, in styled: StyledText, pictures: Pictures)
    -> [String]
  {
    let range = range.clamped(to: 0..<styled.length)
    guard !range.isEmpty else { return [] }
    var alternatives: [Int: String] = [:]
    if pictures == .alternativeText {
      for attachment in styled.attachments where range.contains(attachment.offset) {
        alternatives[attachment.offset] = attachment.alternativeText
      }
    }
    var result: [String] = []
    var current = ""
    func finishParagraph() {
      if current.contains(where: { !$0.isWhitespace }) { result.append(current) }
      current = ""
    }
    var offset = range.lowerBound
    for scalar in styled.substring(range).unicodeScalars {
      defer { offset += scalar.utf16.count }
      switch scalar {
      case "\n": finishParagraph()
      case "\u{2028}": current.unicodeScalars.append("\n")
      case "\u{00AD}": continue
      case "\u{FFFC}":
        guard let alternative = alternatives[offset], !alternative.isEmpty else { continue }
        finishParagraph()
        current = alternative
        finishParagraph()
      default: current.unicodeScalars.append(scalar)
      }
    }
    finishParagraph()
    return result
  }
}
