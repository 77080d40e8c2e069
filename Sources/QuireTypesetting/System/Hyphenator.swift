import CHyphen
import Glibc

/// Hyphenation points from libhyphen with Debian's pattern dictionaries.
///
/// The only file that imports libhyphen. Results are cached per word, so each word is
/// looked up once per book.
package final class Hyphenator {
  private let dictionary: UnsafeMutablePointer<HyphenDict>
  /// Words looked up so far; entry i's points are `points[pointStarts[i]..<pointStarts[i + 1]]`.
  private var cache = WordTable()
  private var pointStarts: [Int32] = [0]
  private var cachedPoints: [Int16] = []
  /// TeX's defaults for English (`\lefthyphenmin`, `\righthyphenmin`).
  private let leftMinimum: Int32 = 2
  private let rightMinimum: Int32 = 3
  /// Scratch for the lower-case UTF-8 word (NUL-terminated) and libhyphen's answer,
  /// kept between words.
  private var bytes: [CChar] = []
  private var hyphens: [CChar] = []

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
    var result: [Int] = []
    word.withUnsafeBufferPointer { points(in: $0, into: &result) }
    return result
  }

  /// The points of `word` into `result` (replacing its contents): no allocation once the
  /// word has been seen.
  package func points(in word: UnsafeBufferPointer<UInt16>, into result: inout [Int]) {
    result.removeAll(keepingCapacity: true)
    if let entry = cache.find(word, tag: 0) {
      for i in Int(pointStarts[entry])..<Int(pointStarts[entry + 1]) {
        result.append(Int(cachedPoints[i]))
      }
      return
    }
    let points = compute(word)
    result.append(contentsOf: points)
    if cache.count > 200_000 {
      cache.removeAll()
      pointStarts.removeAll(keepingCapacity: true)
      pointStarts.append(0)
      cachedPoints.removeAll(keepingCapacity: true)
    }
    guard word.count < Int(Int16.max), let slot = cache.findOrInsert(word, tag: 0), slot.inserted
    else { return }
    for point in points { cachedPoints.append(Int16(point)) }
    pointStarts.append(Int32(cachedPoints.count))
  }

  private func compute(_ word: UnsafeBufferPointer<UInt16>) -> [Int] {
    guard word.count >= 5 else { return [] }
    if word.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) {
      // ASCII letters, most of an English book: bytes are units, no String needed.
      bytes.removeAll(keepingCapacity: true)
      for unit in word { bytes.append(CChar(truncatingIfNeeded: unit | 0x20)) }
      return hyphenate(length: word.count) { $0 }
    }
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
    bytes.removeAll(keepingCapacity: true)
    for byte in lower { bytes.append(CChar(bitPattern: byte)) }
    return hyphenate(length: word.count) { unitOffsets[$0] }
  }

  /// Hyphenation points of the lower-case UTF-8 word in `bytes`, `length` UTF-16 units
  /// long, as UTF-16 offsets (`unitOffset` maps a byte offset to its character's offset).
  private func hyphenate(length: Int, unitOffset: (Int) -> Int) -> [Int] {
    let count = bytes.count
    // libhyphen reads the word as a C string (strstr on it) as well as by length: it must
    // end with a NUL.
    bytes.append(0)
    hyphens.removeAll(keepingCapacity: true)
    hyphens.append(contentsOf: repeatElement(0, count: count + 5))
    var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    var pos: UnsafeMutablePointer<Int32>?
    var cut: UnsafeMutablePointer<Int32>?
    let status = bytes.withUnsafeBufferPointer { word in
      hyphens.withUnsafeMutableBufferPointer { marks in
        hnj_hyphen_hyphenate3(
          dictionary, word.baseAddress, Int32(count), marks.baseAddress, nil, &rep, &pos, &cut,
          leftMinimum, rightMinimum, leftMinimum, rightMinimum)
      }
    }
    if let rep {
      for i in 0..<count { free(rep[i]) }
      free(rep)
    }
    free(pos)
    free(cut)
    guard status == 0 else { return [] }
    var points: [Int] = []
    for i in 0..<(count - 1) where hyphens[i] & 1 == 1 {
      // A hyphen after byte i: the break is before the character of byte i + 1.
      let offset = unitOffset(i + 1)
      if offset > 0, offset < length, points.last != offset { points.append(offset) }
    }
    return points
  }
}
