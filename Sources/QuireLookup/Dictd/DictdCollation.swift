import Foundation

/// How a dictd index is sorted, and so how a word is compared with its headwords.
///
/// dictfmt sorts in one of two ways, and says which by headwords of its own:
/// - by default as `sort -df` does: only letters, digits and spaces count, and case is
///   folded (GCIDE). dictd compares a word with each headword skipping the headword's
///   other characters (`compare_alnumspace` in dictd's `index.c`);
/// - byte by byte on the first column when the index has `00-database-allchars` (WordNet),
///   `00-database-utf8` or `00-database-8bit-new` (the FreeDict pairs). For UTF-8 indexes
///   dictfmt writes that column already folded (lower case, only letters, digits and
///   spaces unless all characters count) and puts the headword as written in a fourth
///   column.
/// Either way the word looked up is folded first, as dictd's `tolower_alnumspace` does:
/// spaces collapsed, lower case unless `00-database-case-sensitive`, and only letters,
/// digits and spaces unless all characters count.
struct DictdCollation: Hashable, Sendable {
  /// Every character of a headword counts, not only letters, digits and spaces.
  var allCharacters = false
  /// Upper and lower case differ.
  var caseSensitive = false
  /// The first column is compared byte by byte as it stands.
  var bytewise = false

  /// The word as the index's first column would spell it.
  func key(for word: String) -> [UInt8] {
    var folded = word.precomposedStringWithCanonicalMapping
    if !caseSensitive { folded = folded.lowercased() }
    var key: [UInt8] = []
    var pendingSpace = false
    for character in folded {
      if character.isWhitespace {
        pendingSpace = !key.isEmpty
        continue
      }
      if !allCharacters && !(character.isLetter || character.isNumber) { continue }
      if pendingSpace { key.append(0x20) }
      pendingSpace = false
      key.append(contentsOf: character.utf8)
    }
    return key
  }

  /// Compares a folded word (`key(for:)`) with the headword field of an index line:
  /// negative when the word sorts first, 0 when they are equal, positive after.
  func compare(_ key: [UInt8], _ headword: UnsafeRawBufferPointer) -> Int {
    if bytewise {
      return key.withUnsafeBytes { compareBytes($0, headword) }
    }
    var index = headword.startIndex
    for byte in key {
      var other: UInt8 = 0
      var found = false
      while index < headword.endIndex {
        let candidate = headword[index]
        index += 1
        if Self.counts(candidate) {
          other = caseSensitive ? candidate : Self.lowercase(candidate)
          found = true
          break
        }
      }
      if !found { return 1 }
      if byte != other { return byte < other ? -1 : 1 }
    }
    while index < headword.endIndex {
      if Self.counts(headword[index]) { return -1 }
      index += 1
    }
    return 0
  }

  /// A byte dictd keeps when only letters, digits and spaces count: ASCII letters, digits
  /// and white space, and every byte of a UTF-8 sequence.
  private static func counts(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), 0x20, 0x0B, 0x0C, 0x0D, 0x80...:
      true
    default: false
    }
  }

  private static func lowercase(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  private func compareBytes(_ key: UnsafeRawBufferPointer, _ headword: UnsafeRawBufferPointer)
    -> Int
  {
    let common = min(key.count, headword.count)
    if common > 0 {
      let order = memcmp(key.baseAddress!, headword.baseAddress!, common)
      if order != 0 { return order < 0 ? -1 : 1 }
    }
    return key.count == headword.count ? 0 : (key.count < headword.count ? -1 : 1)
  }
}
