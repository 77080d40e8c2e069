import Glibc

/// Decodes the double-byte CJK encodings (GB18030 in its GBK part, Big5 as CP950) through
/// a table of every two-byte code that glibc's iconv fills once per process, so that a
/// Chinese novel decodes some three times faster than through iconv with the very same
/// result: anything the table does not hold (GB18030's four-byte codes, invalid or
/// truncated bytes) is handed to iconv one character at a time.
final class DoubleByteDecoder: Sendable {
  /// Tables built so far, by iconv name.
  private static let tables = Locked<[String: DoubleByteDecoder]>([:])

  /// Scalars of two-byte codes, indexed by `(lead - 0x81) * 192 + (trail - 0x40)`; 0 where
  /// iconv does not decode the pair as one character.
  private let pairs: [UInt32]
  private let encoding: String

  /// The decoder for `encoding` ("GB18030" or "CP950"); nil when iconv does not know it.
  static func decoder(for encoding: String) -> DoubleByteDecoder? {
    if let known = tables.withLock({ $0[encoding] }) { return known }
    guard let decoder = DoubleByteDecoder(encoding: encoding) else { return nil }
    tables.withLock { $0[encoding] = decoder }
    return decoder
  }

  private init?(encoding: String) {
    let converter = iconv_open("UTF-32LE", encoding)
    guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(converter) }
    self.encoding = encoding
    pairs = Self.table(converter)
  }

  /// Every two-byte code converted in one pass: an invalid code stops iconv, is left 0,
  /// and conversion resumes at the next code.
  private static func table(_ converter: iconv_t) -> [UInt32] {
    let total = 126 * 192
    var input = [UInt8](repeating: 0, count: total * 2)
    for index in 0..<total {
      input[index * 2] = UInt8(0x81 + index / 192)
      input[index * 2 + 1] = UInt8(0x40 + index % 192)
    }
    var pairs = [UInt32](repeating: 0, count: total)
    var index = 0
    input.withUnsafeMutableBytes { inBuffer in
      pairs.withUnsafeMutableBytes { outBuffer in
        while index < total {
          var inPointer: UnsafeMutablePointer<CChar>? =
            (inBuffer.baseAddress! + index * 2).assumingMemoryBound(to: CChar.self)
          var outPointer: UnsafeMutablePointer<CChar>? =
            (outBuffer.baseAddress! + index * 4).assumingMemoryBound(to: CChar.self)
          var inputLeft = (total - index) * 2
          var outputLeft = (total - index) * 4
          let result = iconv(converter, &inPointer, &inputLeft, &outPointer, &outputLeft)
          let consumed = (total - index) * 2 - inputLeft
          let produced = (total - index) * 4 - outputLeft
          // Every code is one character of two bytes; anything else is not a table.
          guard consumed % 2 == 0, produced == consumed * 2 else {
            outBuffer.initializeMemory(as: UInt32.self, repeating: 0)
            return
          }
          index += consumed / 2
          if result != -1 { return }
          _ = iconv(converter, nil, nil, nil, nil)
          index += 1
        }
      }
    }
    return pairs.map { UInt32(littleEndian: $0) }
  }

  /// The UTF-8 of `bytes`, and how many bytes were replaced with U+FFFD (iconv's count).
  /// - Complexity: O(n).
  func decode(_ bytes: UnsafeRawBufferPointer) -> (utf8: [UInt8], replacements: Int) {
    let count = bytes.count
    var replacements = 0
    let converter = iconv_open("UTF-32LE", encoding)
    defer { if let converter { iconv_close(converter) } }
    // A single byte can become three of UTF-8 (a lone byte replaced with U+FFFD, or
    // 0x80 → U+20AC €), so the output can be three times the input.
    let output = [UInt8](unsafeUninitializedCapacity: count * 3 + 8) { out, written in
      var write = 0
      var read = 0
      while read < count {
        if read + 8 <= count,
          case let word = bytes.loadUnaligned(fromByteOffset: read, as: UInt64.self),
          word & 0x8080_8080_8080_8080 == 0
        {
          UnsafeMutableRawPointer(out.baseAddress! + write).storeBytes(of: word, as: UInt64.self)
          read += 8
          write += 8
          continue
        }
        let lead = bytes[read]
        if lead < 0x80 {
          out[write] = lead
          write += 1
          read += 1
          continue
        }
        var scalar: UInt32 = 0
        var length = 0
        if lead >= 0x81 && lead <= 0xFE && read + 1 < count && bytes[read + 1] >= 0x40 {
          scalar = pairs[Int(lead - 0x81) * 192 + Int(bytes[read + 1] - 0x40)]
          length = 2
        }
        if scalar == 0 {
          // Not a table pair: one character through iconv, as `IconvDecoder` would.
          let window = bytes[read..<Swift.min(count, read + 4)]
          if let converter, let (converted, consumed) = Self.convertOne(converter, window) {
            scalar = converted
            length = consumed
          } else {
            replacements += 1
            scalar = 0xFFFD
            length = 1
          }
        }
        read += length
        write += Self.putUTF8(scalar, into: out, at: write)
      }
      written = write
    }
    return (output, replacements)
  }

  /// The first character of `code` and the bytes it took, or nil when iconv refuses it.
  private static func convertOne(_ converter: iconv_t, _ code: some Collection<UInt8>)
    -> (scalar: UInt32, consumed: Int)?
  {
    var input = Array(code)
    var scalar: UInt32 = 0
    let inputCount = input.count
    var inputLeft = inputCount
    var outputLeft = 4
    _ = iconv(converter, nil, nil, nil, nil)  // back to the initial state
    input.withUnsafeMutableBytes { inBuffer in
      withUnsafeMutableBytes(of: &scalar) { outBuffer in
        var inPointer = inBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        var outPointer = outBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        // Room for one character only: iconv stops after it (E2BIG), or on the next
        // bytes' error, either way with the first character done.
        _ = iconv(converter, &inPointer, &inputLeft, &outPointer, &outputLeft)
      }
    }
    guard outputLeft == 0, inputLeft < inputCount else { return nil }
    return (UInt32(littleEndian: scalar), inputCount - inputLeft)
  }

  /// Writes `scalar` as UTF-8 at `index`; returns the bytes written.
  @inline(__always)
  private static func putUTF8(
    _ scalar: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at index: Int
  )
    -> Int
  {
    if scalar < 0x80 {
      out[index] = UInt8(scalar)
      return 1
    }
    if scalar < 0x800 {
      out[index] = UInt8(0xC0 | (scalar >> 6))
      out[index + 1] = UInt8(0x80 | (scalar & 0x3F))
      return 2
    }
    if scalar < 0x10000 {
      out[index] = UInt8(0xE0 | (scalar >> 12))
      out[index + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
      out[index + 2] = UInt8(0x80 | (scalar & 0x3F))
      return 3
    }
    out[index] = UInt8(0xF0 | (scalar >> 18))
    out[index + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
    out[index + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
    out[index + 3] = UInt8(0x80 | (scalar & 0x3F))
    return 4
  }
}
