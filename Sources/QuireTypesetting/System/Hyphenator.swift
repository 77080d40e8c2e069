import CHyphen
import Foundation
import Glibc

/// A pattern dictionary as libhyphen loaded it, and what looking words up in it needs to
/// know: read only once loaded (`hnj_hyphen_hyphenate3` only reads its states), so the
/// hyphenators of several threads share one (`HyphenatorCache`), each with a word cache
/// and a character-set converter of its own.
package final class HyphenationPatterns: @unchecked Sendable {
  fileprivate let dictionary: UnsafeMutablePointer<HyphenDict>
  /// The dictionary file: what names these patterns to other workers (`SharedWords`).
  package let path: String
  /// The UTF-16 units above ASCII that a UTF-8 dictionary's patterns contain: an accented
  /// letter outside them is looked up without its accent.
  fileprivate let knownLetters: Set<UInt16>?
  /// The 8-bit character set of the dictionary (ISO 8859-1 for German, Dutch and
  /// Portuguese, ISO 8859-2 for Polish, KOI8-R for Russian); nil for a UTF-8 one.
  fileprivate let charset: String?
  fileprivate let isEnglish: Bool

  /// Loads the dictionary file at `path`, through the store of built dictionaries in
  /// `store` (the per-user cache when nil).
  package init?(path: String, store: String? = nil) {
    guard let dictionary = CompiledPatterns.load(path, store: store) else { return nil }
    self.dictionary = dictionary
    self.path = path
    isEnglish = (path as NSString).lastPathComponent.hasPrefix("hyph_en")
    if dictionary.pointee.utf8 != 0 {
      charset = nil
      // The letters beyond ASCII that the patterns use (none in English).
      let patterns = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      knownLetters = Set(patterns.utf16.filter { $0 >= 0x80 })
    } else {
      // An 8-bit dictionary holds its language's letters; it is never folded.
      knownLetters = nil
      let name = withUnsafeBytes(of: dictionary.pointee.cset) { raw in
        String(decoding: raw.prefix { $0 != 0 && $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
      }
      charset = name.isEmpty ? "ISO-8859-1" : name
    }
  }

  deinit {
    hnj_hyphen_free(dictionary)
  }
}

/// Hyphenation points from libhyphen with Debian's pattern dictionaries.
///
/// With `CompiledPatterns` (which keeps built dictionaries on disk), the only file that
/// imports libhyphen. Results are cached per word, so each word is looked up once per book.
/// Not thread-safe (its cache); its patterns may be shared (`init(patterns:)`). Its cache
/// and scratch opt out of dynamic exclusivity checks, like `WordStore`'s arrays (no method
/// hands out a reference that could overlap an access).
package final class Hyphenator {
  /// The patterns it looks words up in, perhaps shared with other hyphenators.
  package let patterns: HyphenationPatterns
  private var dictionary: UnsafeMutablePointer<HyphenDict> { patterns.dictionary }
  /// The dictionary file: what names these patterns to other workers (`SharedWords`).
  package var path: String { patterns.path }
  /// Words looked up so far; entry i's points are `points[pointStarts[i]..<pointStarts[i + 1]]`.
  @exclusivity(unchecked) private var cache = WordTable()
  @exclusivity(unchecked) private var pointStarts: [Int32] = [0]
  @exclusivity(unchecked) private var cachedPoints: [Int16] = []
  /// TeX's defaults for English (`\lefthyphenmin`, `\righthyphenmin`).
  private let leftMinimum: Int32 = 2
  private let rightMinimum: Int32 = 3
  /// Scratch for the lower-case UTF-8 word (NUL-terminated) and libhyphen's answer,
  /// kept between words.
  @exclusivity(unchecked) private var bytes: [CChar] = []
  @exclusivity(unchecked) private var hyphens: [CChar] = []

  /// Converts lower-case UTF-8 to the dictionary's 8-bit character set
  /// (`HyphenationPatterns.charset`); nil for a UTF-8 dictionary.
  private let converter: UnsafeMutableRawPointer?
  private var knownLetters: Set<UInt16>? { patterns.knownLetters }
  /// English patterns break a stress-marked Russian name ("Mikháylovna") by the Russian
  /// ones, loaded the first time such a name is met.
  private var isEnglish: Bool { patterns.isEnglish }
  private lazy var russianNames: Hyphenator? = isEnglish ? Hyphenator(language: "ru") : nil

  /// The dictionary file for a BCP 47 language (`en-US` → `hyph_en_US.dic`, `de-AT` →
  /// `hyph_de_AT.dic` or `hyph_de.dic`, `pt` → `hyph_pt_PT.dic`), if one is installed.
  package static func path(for language: String, directory: String = "/usr/share/hyphen")
    -> String?
  {
    let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    guard let first = parts.first?.lowercased(), first.allSatisfy(\.isLetter) else { return nil }
    var candidates: [String] = []
    if parts.count > 1, parts[1].count == 2, parts[1].allSatisfy(\.isLetter) {
      candidates.append("hyph_\(first)_\(parts[1].uppercased()).dic")
    }
    candidates.append("hyph_\(first).dic")
    // A language alone names its main country's patterns.
    candidates.append("hyph_\(first)_\(Self.mainCountry[first] ?? first.uppercased()).dic")
    return candidates.map { directory + "/" + $0 }.first { access($0, R_OK) == 0 }
  }

  /// Languages whose main country code is not the language code in capitals.
  private static let mainCountry = [
    "en": "US", "da": "DK", "el": "GR", "sv": "SE", "uk": "UA", "cs": "CZ", "sl": "SI",
    "nb": "NO", "nn": "NO", "ca": "ES", "gl": "ES", "af": "ZA", "zu": "ZA",
  ]

  /// Loads the dictionary for a BCP 47 language (`path(for:)`), if installed.
  package convenience init?(language: String, directory: String = "/usr/share/hyphen") {
    guard let path = Self.path(for: language, directory: directory) else { return nil }
    self.init(path: path)
  }

  /// Loads the dictionary file at `path`, through the store of built dictionaries in
  /// `store` (the per-user cache when nil).
  package convenience init?(path: String, store: String? = nil) {
    guard let patterns = HyphenationPatterns(path: path, store: store) else { return nil }
    self.init(patterns: patterns)
  }

  /// A hyphenator with a word cache of its own on `patterns`, which others may use too.
  package init?(patterns: HyphenationPatterns) {
    self.patterns = patterns
    if let charset = patterns.charset {
      let handle = iconv_open(charset, "UTF-8")
      guard let handle, Int(bitPattern: handle) != -1 else { return nil }
      converter = handle
    } else {
      converter = nil
    }
  }

  deinit {
    if let converter { iconv_close(converter) }
  }

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

  /// Apostrophes inside a word (’ ' ʼ): "undertaker’s", "aujourd’hui", "l’homme".
  private static func isApostrophe(_ unit: UInt16) -> Bool {
    unit == 0x2019 || unit == 0x27 || unit == 0x2BC
  }

  private func compute(_ word: UnsafeBufferPointer<UInt16>) -> [Int] {
    guard word.count >= 5 else { return [] }
    if word.contains(where: Self.isApostrophe) {
      // Each part between apostrophes is hyphenated as a word of its own.
      var points: [Int] = []
      var start = 0
      for end in 0...word.count where end == word.count || Self.isApostrophe(word[end]) {
        let part = UnsafeBufferPointer(rebasing: word[start..<end])
        points.append(contentsOf: compute(part).map { $0 + start })
        start = end + 1
      }
      return points
    }
    if word.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) {
      return computeASCII(word)
    }
    // Patterns that do not know a letter ("Bolkónski" in English) put points around it
    // as if the word ended there: look the word up with such letters' accents taken off.
    guard let folded = folded(word) else { return computeLetters(word) }
    let points = folded.withUnsafeBufferPointer { computeLetters($0) }
    guard points.isEmpty, isEnglish, let name = RussianNames.cyrillic(word),
      let russian = russianNames
    else { return points }
    // A break before a Cyrillic letter is a break before the Latin letters it stands for.
    var mapped: [Int] = []
    for point in russian.points(in: name.letters) {
      let offset = name.offsets[point]
      if offset >= Int(leftMinimum), offset <= word.count - Int(rightMinimum),
        mapped.last != offset
      {
        mapped.append(offset)
      }
    }
    return mapped
  }

  /// The word with every accented letter the patterns do not use replaced by its base
  /// letter (one UTF-16 unit for one), or nil when nothing changes.
  private func folded(_ word: UnsafeBufferPointer<UInt16>) -> [UInt16]? {
    guard let knownLetters else { return nil }
    var result: [UInt16] = []
    result.reserveCapacity(word.count)
    var changed = false
    for unit in word {
      guard unit >= 0xC0, !knownLetters.contains(unit), let scalar = Unicode.Scalar(unit) else {
        result.append(unit)
        continue
      }
      let base = String(scalar).decomposedStringWithCanonicalMapping.utf16
      guard let first = base.first, first < 0x80,
        base.dropFirst().allSatisfy({
          (0x300...0x36F).contains($0)
        })
      else {
        result.append(unit)
        continue
      }
      result.append(first)
      changed = true
    }
    return changed ? result : nil
  }

  /// ASCII letters, most of an English book: bytes are units, no String needed.
  private func computeASCII(_ word: UnsafeBufferPointer<UInt16>) -> [Int] {
    bytes.removeAll(keepingCapacity: true)
    for unit in word { bytes.append(CChar(truncatingIfNeeded: unit | 0x20)) }
    return hyphenate(length: word.count) { $0 }
  }

  private func computeLetters(_ word: UnsafeBufferPointer<UInt16>) -> [Int] {
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
    guard let converter else {
      for byte in lower { bytes.append(CChar(bitPattern: byte)) }
      return hyphenate(length: word.count) { unitOffsets[$0] }
    }
    // An 8-bit dictionary: one byte a character, or no hyphenation (a letter its
    // character set lacks).
    let scalarOffsets = string.lowercased().unicodeScalars.reduce(into: [Int]()) { offsets, s in
      offsets.append((offsets.last ?? 0) + UTF16.width(s))
    }
    guard convert(lower, with: converter), bytes.count == scalarOffsets.count else { return [] }
    return hyphenate(length: word.count) { $0 == 0 ? 0 : scalarOffsets[$0 - 1] }
  }

  /// Converts `utf8` into `bytes` through `converter`; false when a character cannot be.
  private func convert(_ utf8: [UInt8], with converter: UnsafeMutableRawPointer) -> Bool {
    var input = utf8.map { CChar(bitPattern: $0) }
    var output = [CChar](repeating: 0, count: 4 * utf8.count + 4)
    let capacity = output.count
    var left = capacity
    let status = input.withUnsafeMutableBufferPointer { inputBuffer in
      output.withUnsafeMutableBufferPointer { outputBuffer in
        var inPointer = inputBuffer.baseAddress
        var inLeft = inputBuffer.count
        var outPointer = outputBuffer.baseAddress
        // Reset the state, then convert the whole word.
        iconv(converter, nil, nil, nil, nil)
        return iconv(converter, &inPointer, &inLeft, &outPointer, &left)
      }
    }
    guard status != -1 else { return false }
    bytes.append(contentsOf: output[0..<(capacity - left)])
    return true
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
