/// Strict UTF-8 validation of a whole buffer (RFC 3629: no overlongs, no surrogates,
/// nothing above U+10FFFF), with an ASCII fast path eight bytes at a time that jumps to
/// the first non-ASCII byte of a word.
enum UTF8Validator {
  /// What validation found.
  struct Result {
    /// Well-formed multi-byte sequences.
    var validSequences = 0
    /// Bytes that are not part of a well-formed sequence.
    var invalidBytes = 0
    /// False when validation stopped early (see `stopsWhenMostlyInvalid`).
    var isComplete = true

    /// True when the bytes are UTF-8 with at most a few broken sequences: at least ten
    /// well-formed multi-byte sequences for each invalid byte. Legacy encodings produce
    /// invalid sequences on most of their non-ASCII bytes.
    var isMostlyValid: Bool { validSequences >= 10 * invalidBytes }
  }

  /// Validates `bytes`. With `stopsWhenMostlyInvalid`, stops as soon as the rest of the
  /// bytes could no longer make the whole `isMostlyValid` (a GBK or Big5 file is known
  /// for what it is after a tenth of its bytes).
  /// - Complexity: O(n), one pass.
  static func validate(_ bytes: UnsafeRawBufferPointer, stopsWhenMostlyInvalid: Bool = false)
    -> Result
  {
    var result = Result()
    let count = bytes.count
    var i = 0
    while i < count {
      // ASCII eight bytes at a time; a word with a high byte moves straight to it.
      if i + 8 <= count {
        let high = asciiMask(bytes, i)
        if high == 0 {
          i += 8
          continue
        }
        i += high.trailingZeroBitCount >> 3
      }
      let lead = bytes[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      // The common case of CJK text, E1–EC or EE–EF with two continuation bytes, inline.
      if lead >= 0xE1 && lead != 0xED && i + 2 < count && bytes[i + 1] & 0xC0 == 0x80
        && bytes[i + 2] & 0xC0 == 0x80 && lead <= 0xEF
      {
        result.validSequences += 1
        i += 3
        continue
      }
      let length = sequenceLength(bytes, at: i)
      if length > 0 {
        result.validSequences += 1
        i += length
      } else {
        result.invalidBytes += 1
        i += 1
        // Every further sequence takes at least two bytes.
        if stopsWhenMostlyInvalid
          && result.validSequences + (count - i) / 2 < 10 * result.invalidBytes
        {
          result.isComplete = false
          return result
        }
      }
    }
    return result
  }

  /// The high bits of the eight bytes at `i`, the first byte's in the lowest byte.
  @inline(__always)
  private static func asciiMask(_ bytes: UnsafeRawBufferPointer, _ i: Int) -> UInt64 {
    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      & 0x8080_8080_8080_8080
  }

  /// Length of the well-formed multi-byte sequence at `i`, or 0.
  @inline(__always)
  private static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at i: Int) -> Int {
    let lead = bytes[i]
    let count = bytes.count
    func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
      i + offset < count && bytes[i + offset] >= low && bytes[i + offset] <= high
    }
    switch lead {
    case 0xC2...0xDF:
      return continuation(1) ? 2 : 0
    case 0xE0:
      return continuation(1, 0xA0) && continuation(2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF:
      return continuation(1) && continuation(2) ? 3 : 0
    case 0xED:
      return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
    case 0xF0:
      return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF1...0xF3:
      return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF4:
      return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
    default:
      return 0
    }
  }
}
