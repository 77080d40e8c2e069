extension String {
  /// The string's UTF-16 code units, transcoded from its UTF-8 in one pass.
  ///
  /// `Array(string.utf16)` first counts the units, which for non-ASCII text builds the
  /// string's breadcrumbs (a second pass and an allocation); layout needs the units of
  /// every chapter it opens, so this goes straight from the bytes.
  /// - Complexity: O(n) in the UTF-8 length.
  package var utf16Units: [UInt16] {
    var copy = self
    return copy.withUTF8 { bytes in
      // Every scalar takes at least as many UTF-8 bytes as UTF-16 units.
      [UInt16](unsafeUninitializedCapacity: bytes.count) { units, count in
        var i = 0
        var o = 0
        let n = bytes.count
        while i < n {
          let lead = UInt32(bytes[i])
          if lead < 0x80 {
            units[o] = UInt16(lead)
            i += 1
            o += 1
          } else if lead < 0xE0 {
            units[o] = UInt16((lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F))
            i += 2
            o += 1
          } else if lead < 0xF0 {
            units[o] = UInt16(
              truncatingIfNeeded: (lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6
                | UInt32(bytes[i + 2] & 0x3F))
            i += 3
            o += 1
          } else {
            let scalar =
              (lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
              | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
            let value = scalar - 0x10000
            units[o] = UInt16(0xD800 + (value >> 10))
            units[o + 1] = UInt16(0xDC00 + (value & 0x3FF))
            i += 4
            o += 2
          }
        }
        count = o
      }
    }
  }
}
