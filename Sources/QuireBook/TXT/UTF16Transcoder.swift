/// Converts UTF-16 bytes to UTF-8 directly, as glibc's iconv would but without its
/// detour through UCS-4: every unpaired surrogate and a final odd byte become U+FFFD.
enum UTF16Transcoder {
  /// The UTF-8 of `bytes` read as UTF-16 (`bigEndian` or little-endian), and how many
  /// units were replaced.
  /// - Complexity: O(n).
  static func decode(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool)
    -> (utf8: [UInt8], replacements: Int)
  {
    let units = bytes.count / 2
    var replacements = 0
    @inline(__always) func unit(_ index: Int) -> UInt16 {
      let value = bytes.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)
      return bigEndian ? UInt16(bigEndian: value) : UInt16(littleEndian: value)
    }
    let output = [UInt8](unsafeUninitializedCapacity: units * 3 + 3) { out, written in
      var write = 0
      @inline(__always) func put(_ scalar: UInt32) {
        if scalar < 0x80 {
          out[write] = UInt8(scalar)
          write += 1
        } else if scalar < 0x800 {
          out[write] = UInt8(0xC0 | (scalar >> 6))
          out[write + 1] = UInt8(0x80 | (scalar & 0x3F))
          write += 2
        } else if scalar < 0x10000 {
          out[write] = UInt8(0xE0 | (scalar >> 12))
          out[write + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
          out[write + 2] = UInt8(0x80 | (scalar & 0x3F))
          write += 3
        } else {
          out[write] = UInt8(0xF0 | (scalar >> 18))
          out[write + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
          out[write + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
          out[write + 3] = UInt8(0x80 | (scalar & 0x3F))
          write += 4
        }
      }
      var index = 0
      while index < units {
        let first = unit(index)
        index += 1
        switch first {
        case 0xD800...0xDBFF:
          if index < units, case let second = unit(index), (0xDC00...0xDFFF).contains(second) {
            index += 1
            put(0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00))
          } else {
            replacements += 1
            put(0xFFFD)
          }
        case 0xDC00...0xDFFF:
          replacements += 1
          put(0xFFFD)
        default:
          put(UInt32(first))
        }
      }
      if bytes.count % 2 == 1 {
        replacements += 1
        put(0xFFFD)
      }
      written = write
    }
    return (output, replacements)
  }
}
