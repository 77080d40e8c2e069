import CICU

/// Word, sentence and paragraph boundaries of a text, for selecting, copying, looking up
/// and reading aloud: UAX #29 through ICU's break iterators, with ICU's dictionaries for
/// the scripts that write no spaces (a double-click in 红楼梦 or 吾輩は猫である takes a
/// word, not a line).
///
/// Offsets are UTF-16 code units of the text, as everywhere in Quire. Sentences are cut
/// with ICU's abbreviation lists where the language has one ("Mr. Bennet" is one
/// sentence) and never run past a line break. A segmenter holds the text and its
/// iterators: make one per chapter text and ask it many questions.
///
/// - Complexity: making one copies the text (O(n)); each question costs the length of the
///   segments it walks.
public final class TextSegmenter {
  /// A unit of text a selection or a reading moves by.
  public enum Unit: Sendable { case character, word, sentence, paragraph }

  /// The length of the text in UTF-16 units.
  public let length: Int
  private let units: UnsafeMutableBufferPointer<UInt16>
  private let locale: String
  private var iterators: [Unit: OpaquePointer] = [:]

  /// Segments `text`, in the language of the BCP 47 tag (`en`, `zh-Hans`, `ja`) or none.
  public init(text: String, language: String?) {
    let utf16 = Array(text.utf16)
    length = utf16.count
    units = .allocate(capacity: max(1, utf16.count))
    _ = units.initialize(from: utf16)
    locale = Self.icuLocale(language)
  }

  deinit {
    for iterator in iterators.values { quire_ubrk_close(iterator) }
    units.deallocate()
  }

  // MARK: - Questions

  /// The segments between word boundaries that overlap `range`, in order; `isWord` marks
  /// letters, numbers, ideographs and kana (not spaces or punctuation).
  public func words(in range: Range<Int>) -> [TextSegment] {
    let range = clamped(range)
    guard !range.isEmpty, let iterator = iterator(.word) else { return [] }
    var start = max(0, Int(quire_ubrk_preceding(iterator, Int32(range.lowerBound) + 1)))
    var segments: [TextSegment] = []
    var end = Int(quire_ubrk_following(iterator, Int32(start)))
    while end >= 0, start < range.upperBound {
      let isWord = quire_ubrk_getRuleStatus(iterator) >= Int32(QUIRE_UBRK_WORD_NONE_LIMIT)
      segments.append(TextSegment(range: start..<end, isWord: isWord))
      start = end
      end = Int(quire_ubrk_next(iterator))
    }
    return segments
  }

  /// The word at `offset`, or nil when the character there is a space or punctuation.
  public func word(at offset: Int) -> Range<Int>? {
    guard (0..<length).contains(offset), let iterator = iterator(.word) else { return nil }
    let end = Int(quire_ubrk_following(iterator, Int32(offset)))
    guard quire_ubrk_getRuleStatus(iterator) >= Int32(QUIRE_UBRK_WORD_NONE_LIMIT) else {
      return nil
    }
    let start = Int(quire_ubrk_preceding(iterator, Int32(offset) + 1))
    return max(0, start)..<(end < 0 ? length : end)
  }

  /// The sentences that overlap `range`, each without its leading and trailing spaces
  /// and line break; sentences of nothing but spaces are left out. A sentence ICU ends
  /// after ? or ! goes on when the next starts with a small letter (“Do you not want to
  /// know?” cried his wife.).
  public func sentences(in range: Range<Int>) -> [Range<Int>] {
    let range = clamped(range)
    guard !range.isEmpty, let iterator = iterator(.sentence) else { return [] }
    var start = max(0, Int(quire_ubrk_preceding(iterator, Int32(range.lowerBound) + 1)))
    while start > 0, continuesSentence(from: start) {
      start = max(0, Int(quire_ubrk_preceding(iterator, Int32(start))))
    }
    var sentences: [Range<Int>] = []
    var end = Int(quire_ubrk_following(iterator, Int32(start)))
    while end >= 0 {
      let sentence = trimmed(start..<end)
      if !sentence.isEmpty {
        if let last = sentences.last, continuesSentence(from: start) {
          sentences[sentences.count - 1] = last.lowerBound..<sentence.upperBound
        } else if sentence.lowerBound >= range.upperBound {
          break
        } else {
          sentences.append(sentence)
        }
      }
      start = end
      end = Int(quire_ubrk_next(iterator))
    }
    return sentences.filter { $0.overlaps(range) }
  }

  /// The sentence at `offset`, without its leading and trailing spaces and line break
  /// (empty, at `offset`, between sentences).
  public func sentence(at offset: Int) -> Range<Int> {
    guard (0..<length).contains(offset) else { return offset..<offset }
    return sentences(in: offset..<(offset + 1)).first ?? offset..<offset
  }

  /// The paragraph at `offset`, without its line break.
  public func paragraph(at offset: Int) -> Range<Int> {
    let offset = min(max(0, offset), length)
    var start = offset
    while start > 0, units[start - 1] != Self.lineFeed { start -= 1 }
    var end = offset
    while end < length, units[end] != Self.lineFeed { end += 1 }
    return start..<end
  }

  // MARK: - Moving

  /// The next boundary of `unit` after `offset`: the next character, the end of the next
  /// word (of this one, inside a word), sentence or paragraph; nil at the end of the text.
  public func boundary(after offset: Int, unit: Unit) -> Int? {
    guard offset < length else { return nil }
    let offset = max(0, offset)
    switch unit {
    case .character:
      guard let iterator = iterator(.character) else { return nil }
      let next = Int(quire_ubrk_following(iterator, Int32(offset)))
      return next < 0 ? nil : next
    case .word:
      return words(in: offset..<length).first { $0.isWord && $0.range.upperBound > offset }?
        .range.upperBound
    case .sentence:
      return firstEnd(after: offset) { sentences(in: $0) }
    case .paragraph:
      var position = offset
      while position < length {
        let paragraph = paragraph(at: position)
        if !paragraph.isEmpty, paragraph.upperBound > offset { return paragraph.upperBound }
        position = paragraph.upperBound + 1
      }
      return nil
    }
  }

  /// The previous boundary of `unit` before `offset`: the previous character, the start of
  /// the previous word (of this one, inside a word), sentence or paragraph; nil at the
  /// start of the text.
  public func boundary(before offset: Int, unit: Unit) -> Int? {
    let offset = min(offset, length)
    guard offset > 0 else { return nil }
    switch unit {
    case .character:
      guard let iterator = iterator(.character) else { return nil }
      let previous = Int(quire_ubrk_preceding(iterator, Int32(offset)))
      return previous < 0 ? nil : previous
    case .word:
      var position = offset
      while position > 0 {
        let segment = words(in: (position - 1)..<position).last
        guard let segment else { return nil }
        if segment.isWord && segment.range.lowerBound < offset { return segment.range.lowerBound }
        position = segment.range.lowerBound
      }
      return nil
    case .sentence:
      var position = offset
      while position > 0 {
        let sentence = sentence(at: position - 1)
        if !sentence.isEmpty, sentence.lowerBound < offset { return sentence.lowerBound }
        position -= 1
      }
      return nil
    case .paragraph:
      var position = offset
      while position > 0 {
        let paragraph = paragraph(at: position - 1)
        if !paragraph.isEmpty, paragraph.lowerBound < offset { return paragraph.lowerBound }
        position = paragraph.lowerBound
      }
      return nil
    }
  }

  // MARK: - Helpers

  private static let lineFeed: UInt16 = 0x0A

  /// The first end past `offset` of the ranges `ranges` gives for a stretch of the text,
  /// looking further a stretch at a time.
  private func firstEnd(after offset: Int, in ranges: (Range<Int>) -> [Range<Int>]) -> Int? {
    var position = offset
    while position < length {
      let stretch = position..<min(length, position + 256)
      for range in ranges(stretch) where range.upperBound > offset && !range.isEmpty {
        return range.upperBound
      }
      position = stretch.upperBound
    }
    return nil
  }

  /// Whether the stretch ICU found starting at `start` goes on the sentence before it:
  /// it follows that sentence in the same paragraph and starts with a small letter.
  private func continuesSentence(from start: Int) -> Bool {
    guard start > 0, start < length, units[start - 1] != Self.lineFeed else { return false }
    var first = start
    while first < length, Self.isSpace(units[first]) {
      if units[first] == Self.lineFeed { return false }
      first += 1
    }
    guard first < length, let scalar = Unicode.Scalar(units[first]) else { return false }
    return scalar.properties.isLowercase
  }

  private func clamped(_ range: Range<Int>) -> Range<Int> {
    min(max(0, range.lowerBound), length)..<min(max(0, range.upperBound), length)
  }

  /// `range` without spaces, tabs and line breaks at either end.
  private func trimmed(_ range: Range<Int>) -> Range<Int> {
    var start = range.lowerBound
    var end = range.upperBound
    while start < end, Self.isSpace(units[start]) { start += 1 }
    while end > start, Self.isSpace(units[end - 1]) { end -= 1 }
    return start..<end
  }

  private static func isSpace(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x2028, 0x2029, 0x3000: true
    default: false
    }
  }

  /// The break iterator of a unit, opened on first use over the whole text.
  private func iterator(_ unit: Unit) -> OpaquePointer? {
    if let iterator = iterators[unit] { return iterator }
    let type: Int32
    switch unit {
    case .character: type = Int32(QUIRE_UBRK_CHARACTER)
    case .word: type = Int32(QUIRE_UBRK_WORD)
    case .sentence, .paragraph: type = Int32(QUIRE_UBRK_SENTENCE)
    }
    var status: Int32 = 0
    guard
      let iterator = quire_ubrk_open(type, locale, units.baseAddress, Int32(length), &status),
      status <= 0
    else { return nil }
    iterators[unit] = iterator
    return iterator
  }

  /// ICU's locale for a BCP 47 tag, with the abbreviation lists that keep "Mr." from
  /// ending a sentence (`ss=standard`, where ICU has one for the language).
  private static func icuLocale(_ language: String?) -> String {
    let tag = String((language ?? "").map { $0 == "-" ? "_" : $0 })
    return (tag.isEmpty ? "en" : tag) + "@ss=standard"
  }
}

/// A stretch of text between two word boundaries.
public struct TextSegment: Hashable, Sendable {
  /// Its UTF-16 range.
  public var range: Range<Int>
  /// Whether it is a word (letters, numbers, ideographs, kana), not spaces or punctuation.
  public var isWord: Bool

  /// Creates a segment.
  public init(range: Range<Int>, isWord: Bool) {
    self.range = range
    self.isWord = isWord
  }
}
