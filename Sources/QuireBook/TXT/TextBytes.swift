/// Byte-level helpers on UTF-8 text: whitespace, CJK tests, character counts.
enum TextBytes {
  /// The offset after leading whitespace (space, tab, U+3000, NBSP, form feed) in
  /// `start..<end`.
  @inline(__always)
  static func skipLeadingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Int
  {
    var i = start
    while i < end {
      let byte = bytes[i]
      if byte == 0x20 || byte == 0x09 || byte == 0x0C || byte == 0x0B {
        i += 1
      } else if byte == 0xE3, i + 2 < end, bytes[i + 1] == 0x80, bytes[i + 2] == 0x80 {
        i += 3
      } else if byte == 0xC2, i + 1 < end, bytes[i + 1] == 0xA0 {
        i += 2
      } else if byte == 0xEF, i + 2 < end, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF {
        i += 3  // a stray BOM (U+FEFF) inside the text
      } else {
        break
      }
    }
    return i
  }

  /// The end offset of `start..<end` without trailing whitespace.
  @inline(__always)
  static func trimTrailingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Int
  {
    var i = end
    while i > start {
      let byte = bytes[i - 1]
      if byte == 0x20 || byte == 0x09 || byte == 0x0C || byte == 0x0B {
        i -= 1
      } else if byte == 0x80, i - 3 >= start, bytes[i - 3] == 0xE3, bytes[i - 2] == 0x80 {
        i -= 3
      } else if byte == 0xA0, i - 2 >= start, bytes[i - 2] == 0xC2 {
        i -= 2
      } else {
        break
      }
    }
    return i
  }

  /// Whether the lead byte `byte` starts a CJK ideograph, kana or CJK punctuation
  /// (U+3000–U+9FFF), or a full-width form (U+FF00–U+FFEF, lead EF BC–BF).
  @inline(__always)
  static func isCJKLead(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
    let byte = bytes[i]
    if byte >= 0xE3 && byte <= 0xE9 { return true }
    return byte == 0xEF && i + 1 < bytes.count && bytes[i + 1] >= 0xBC && bytes[i + 1] <= 0xBF
  }

  /// The offset where the last character of `start..<end` begins.
  @inline(__always)
  static func lastCharacterStart(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Int
  {
    var i = end - 1
    while i > start && bytes[i] & 0xC0 == 0x80 { i -= 1 }
    return i
  }

  /// Unicode scalars in `start..<end` (bytes that are not continuation bytes).
  @inline(__always)
  static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    var count = 0
    for i in start..<end where bytes[i] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// UTF-16 units of the well-formed UTF-8 in `start..<end`: one per scalar, two for a
  /// scalar beyond the BMP (a 4-byte sequence), counted eight bytes at a time: bytes minus
  /// continuation bytes (10xxxxxx) plus 4-byte leads (11110xxx).
  /// - Complexity: O(n).
  static func utf16Count(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let high: UInt64 = 0x8080_8080_8080_8080
    var count = 0
    var i = start
    while i + 8 <= end {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      // Bit 7 of each byte: set for a continuation byte, and for a 4-byte lead.
      let continuation = word & ~(word << 1) & high
      let lead4 = word & (word << 1) & (word << 2) & (word << 3) & high
      count += 8 - continuation.nonzeroBitCount + lead4.nonzeroBitCount
      i += 8
    }
    while i < end {
      let byte = base[i]
      if byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
      i += 1
    }
    return count
  }

  /// Whether two spaces follow each other in `start..<end`, read eight bytes at a time.
  static func containsDoubleSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Bool
  {
    guard let base = bytes.baseAddress, end - start > 1 else { return false }
    let raw = UnsafeRawPointer(base)
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    var i = start
    // Whether the byte before `i` is a space.
    var afterSpace = false
    while i + 8 <= end {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      let other = word ^ 0x2020_2020_2020_2020
      // The high bit of each byte that is a space (zero in `other`), exactly: no carries.
      let spaces = ~(((other & low) &+ low) | other) & ~low
      if spaces & (spaces >> 8) != 0 || (afterSpace && spaces & 0x80 != 0) { return true }
      afterSpace = spaces >> 63 != 0
      i += 8
    }
    while i < end {
      let isSpace = base[i] == 0x20
      if isSpace && afterSpace { return true }
      afterSpace = isSpace
      i += 1
    }
    return false
  }

  /// The string of a byte range.
  @inline(__always)
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }
}
