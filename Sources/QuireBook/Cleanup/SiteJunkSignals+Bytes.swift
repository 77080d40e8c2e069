import Glibc

/// `SiteJunkSignals` read from a line's bytes, without making a `String` of it.
///
/// The string checks lowercase the line and search it with Foundation, which compares
/// characters (canonical equivalents, grapheme clusters). For a line made only of
/// characters where that is plain byte comparison — ASCII, CJK ideographs and punctuation,
/// general punctuation, full-width forms — the bytes are lowercased (A–Z, Ａ–Ｚ) and
/// searched directly, with the same answers; any other line goes through the strings.
extension SiteJunkSignals {
  /// Whether the repeated line `start..<end` of `bytes` carries a site's mark (`marks`).
  static func marks(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    guard let line = FoldedLine(bytes, start, end) else {
      return marks(TextBytes.string(bytes, start, end))
    }
    if wordBytes.contains(where: { line.find($0) != nil }) { return true }
    if englishWordBytes.contains(where: { line.containsWord($0) }) { return true }
    return line.hasDomain()
  }

  /// Whether the line `start..<end` of `bytes` is a site's advert (`isAdvert`).
  static func isAdvert(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    guard let line = FoldedLine(bytes, start, end) else {
      return isAdvert(TextBytes.string(bytes, start, end))
    }
    guard line.hasDomain() || addressWordBytes.contains(where: { line.find($0) != nil }) else {
      return false
    }
    return advertWordBytes.contains { line.find($0) != nil }
  }

  static let wordBytes = words.map { Array($0.utf8) }
  static let englishWordBytes = englishWords.map { Array($0.utf8) }
  static let advertWordBytes = advertWords.map { Array($0.utf8) }
  static let domainBytes = domainSuffixes.map { Array($0.utf8) }
  /// What `isAdvert` takes for an address besides a domain.
  static let addressWordBytes = [Array("www".utf8), Array("ｗｗｗ".utf8)]
}

/// A line's UTF-8 lowercased as `String.lowercased()` would, when all its characters
/// are ones a byte search reads as Foundation's string search does.
struct FoldedLine {
  private(set) var bytes: [UInt8] = []
  /// No byte is 80 or above: words with other characters cannot occur.
  private(set) var isASCII = true

  /// Nil when the line holds a character outside ASCII (but CR), U+2010–U+2027,
  /// U+2030–U+203E, U+3000–U+3029, U+3030–U+303F, U+3400–U+4DBF, U+4E00–U+9FFF and
  /// U+FF01–U+FF60; or bytes that are not well-formed UTF-8.
  init?(_ source: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
    bytes.reserveCapacity(end - start)
    var index = start
    while index < end {
      let lead = source[index]
      if lead < 0x80 {
        guard lead != 0x0D else { return nil }
        bytes.append(lead >= 0x41 && lead <= 0x5A ? lead | 0x20 : lead)
        index += 1
        continue
      }
      // Every other character let through is three bytes long.
      guard lead >= 0xE0, lead <= 0xEF, index + 3 <= end,
        source[index + 1] & 0xC0 == 0x80, source[index + 2] & 0xC0 == 0x80
      else { return nil }
      let value =
        UInt32(lead & 0x0F) << 12 | UInt32(source[index + 1] & 0x3F) << 6
        | UInt32(source[index + 2] & 0x3F)
      switch value {
      case 0x2010...0x2027, 0x2030...0x203E, 0x3000...0x3029, 0x3030...0x303F, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xFF01...0xFF60:
        break
      default:
        return nil
      }
      isASCII = false
      bytes.append(lead)
      // Ａ–Ｚ (EF BC A1–BA) become ａ–ｚ (EF BD 81–9A).
      if value >= 0xFF21 && value <= 0xFF3A {
        bytes.append(0xBD)
        bytes.append(source[index + 2] - 0x20)
      } else {
        bytes.append(source[index + 1])
        bytes.append(source[index + 2])
      }
      index += 3
    }
  }

  /// Where `word` first occurs at or after `from`, or nil.
  func find(_ word: [UInt8], from: Int = 0) -> Int? {
    guard let first = word.first, !isASCII || first < 0x80 else { return nil }
    return bytes.withUnsafeBufferPointer { text in
      word.withUnsafeBufferPointer { pattern in
        guard let base = text.baseAddress, let needle = pattern.baseAddress else { return nil }
        var index = from
        let last = text.count - pattern.count
        while index <= last,
          let found = memchr(base + index, Int32(first), last - index + 1)
        {
          let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          if memcmp(base + at, needle, pattern.count) == 0 { return at }
          index = at + 1
        }
        return nil
      }
    }
  }

  /// Whether `word` occurs with no ASCII letter just before or after it (searching on
  /// past each place that has one, as `SiteJunkSignals.containsWord` does).
  func containsWord(_ word: [UInt8]) -> Bool {
    var from = 0
    while let at = find(word, from: from) {
      let end = at + word.count
      if !(at > 0 && Self.isASCIILetter(bytes[at - 1])),
        !(end < bytes.count && Self.isASCIILetter(bytes[end]))
      {
        return true
      }
      from = end
    }
    return false
  }

  /// `SiteJunkSignals.hasDomain`: each suffix's first place, after an ASCII letter or
  /// digit and before no ASCII letter.
  func hasDomain() -> Bool {
    for suffix in SiteJunkSignals.domainBytes {
      guard let at = find(suffix), at > 0 else { continue }
      let before = bytes[at - 1]
      let end = at + suffix.count
      if Self.isASCIILetter(before) || (before >= 0x30 && before <= 0x39),
        !(end < bytes.count && Self.isASCIILetter(bytes[end]))
      {
        return true
      }
    }
    return false
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
  }
}
