/// Writes raw deflate streams (RFC 1951) that inflate to long runs of one byte: the
/// payload of a zip bomb, made without a compression library.
///
/// One block with the fixed Huffman codes (§3.2.6): the prefix as literals, then
/// back-references of length 258 at distance 1, 13 bits each, which repeat the prefix's
/// last byte ~160 times per stored byte.
enum Deflate {
  /// A deflate stream and the length it inflates to.
  struct Stream {
    var bytes: [UInt8]
    var inflatedLength: Int
  }

  /// A stream inflating to `prefix` followed by copies of its last byte, `totalLength`
  /// bytes in all (rounded down to whole 258-byte copies).
  static func repeating(prefix: [UInt8], totalLength: Int) -> Stream {
    precondition(!prefix.isEmpty && prefix.allSatisfy { $0 < 144 })
    var writer = BitWriter()
    writer.write(1, count: 1)  // BFINAL
    writer.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    for byte in prefix { writer.writeCode(0x30 + UInt32(byte), length: 8) }
    let copies = max(0, totalLength - prefix.count) / 258
    for _ in 0..<copies {
      writer.writeCode(0xC5, length: 8)  // length symbol 285: 258 bytes
      writer.writeCode(0, length: 5)  // distance symbol 0: distance 1
    }
    writer.writeCode(0, length: 7)  // end of block (symbol 256)
    return Stream(bytes: writer.finish(), inflatedLength: prefix.count + copies * 258)
  }

  /// Packs bits least significant first, as deflate stores them.
  private struct BitWriter {
    var bytes: [UInt8] = []
    var buffer: UInt32 = 0
    var count: UInt32 = 0

    mutating func write(_ value: UInt32, count bits: UInt32) {
      buffer |= value << count
      count += bits
      while count >= 8 {
        bytes.append(UInt8(buffer & 0xFF))
        buffer >>= 8
        count -= 8
      }
    }

    /// Huffman codes are stored most significant bit first.
    mutating func writeCode(_ code: UInt32, length: UInt32) {
      var reversed: UInt32 = 0
      for bit in 0..<length where code & (1 << bit) != 0 {
        reversed |= 1 << (length - 1 - bit)
      }
      write(reversed, count: length)
    }

    mutating func finish() -> [UInt8] {
      if count > 0 { bytes.append(UInt8(buffer & 0xFF)) }
      return bytes
    }
  }
}
