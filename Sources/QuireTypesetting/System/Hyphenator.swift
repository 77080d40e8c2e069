import CHyphen
import Glibc

/// Hyphenation points from libhyphen with Debian's pattern dictionaries.
///
/// The only file that imports libhyphen. Results are cached per word, so each word is
/// looked up once per book.
package final class Hyphenator {
  private let dictionary: UnsafeMutablePointer<HyphenDict>
  private var cache: [[UInt16]: [Int]] = [:]
  /// TeX's defaults for English (`\lefthyphenmin`, `\righthyphenmin`).
  private let leftMinimum: Int32 = 2
  private let rightMinimum: Int32 = 3

  /// Loads the dictionary for a BCP 47 language (`en-US` → `hyph_en_US.dic`), if installed.
  package init?(language: String, directory: String = "/usr/share/hyphen") {
    let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    guard let first = parts.first?.lowercased() else { return nil }
    var candidates: [String] = []
    if parts.count > 1 { candidates.append("hyph_\(first)_\(parts[1].uppercased()).dic") }
    if first == "en" { candidates.append("hyph_en_US.dic") }
    candidates.append("hyph_\(first).dic")
    for name in candidates {
      if let dictionary = hnj_hyphen_load(directory + "/" + name) {
        self.dictionary = dictionary
        return
      }
    }
    return nil
  }

  deinit { hnj_hyphen_free(dictionary) }

  /// UTF-16 offsets inside `word` where a hyphen may go (a break before that unit).
  ///
  /// Only words of letters are hyphenated; the dictionaries are UTF-8 and lower case.
  package func points(in word: [UInt16]) -> [Int] {
    if let cached = cache[word] { return cached }
    let points = compute(word)
    if cache.count > 200_000 { cache.removeAll(keepingCapacity: true) }
    cache[word] = points
    return points
  }

  private func compute(_ word: [UInt16]) -> [Int] {
    guard word.count >= 5 else { return [] }
    let string = String(decoding: word, as: UTF16.self)
    guard string.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }) else { return [] }
    let lower = Array(string.lowercased().utf8)
    // Map each UTF-8 byte back to the UTF-16 offset of its character.
    var unitOffsets: [Int] = []
    unitOffsets.reserveCapacity(lower.count)
    var utf16Offset = 0
    for scalar in string.lowercased().unicodeScalars {
      for _ in 0..<UTF8.width(scalar) { unitOffsets.append(utf16Offset) }
      utf16Offset += UTF16.width(scalar)
    }
    guard utf16Offset == word.count else { return [] }  // lower-casing changed the length
    var hyphens = [CChar](repeating: 0, count: lower.count + 5)
    var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    var pos: UnsafeMutablePointer<Int32>?
    var cut: UnsafeMutablePointer<Int32>?
    let status = lower.withUnsafeBufferPointer { bytes in
      bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        hnj_hyphen_hyphenate3(
          dictionary, $0, Int32(bytes.count), &hyphens, nil, &rep, &pos, &cut,
          leftMinimum, rightMinimum, leftMinimum, rightMinimum)
      }
    }
    if let rep {
      for i in 0..<lower.count { free(rep[i]) }
      free(rep)
    }
    free(pos)
    free(cut)
    guard status == 0 else { return [] }
    var points: [Int] = []
    for i in 0..<(lower.count - 1) where hyphens[i] & 1 == 1 {
      // A hyphen after byte i: the break is before the character of byte i + 1.
      let offset = unitOffsets[i + 1]
      if offset > 0, offset < word.count, points.last != offset { points.append(offset) }
    }
    return points
  }
}
