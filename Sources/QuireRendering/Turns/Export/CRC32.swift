/// CRC-32 as PNG chunks use it (ISO 3309, polynomial 0xEDB88320, PNG spec §5.5).
struct CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  private(set) var value: UInt32 = 0xFFFF_FFFF

  /// Feeds bytes.
  mutating func update<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    var crc = value
    for byte in bytes { crc = CRC32.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    value = crc
  }

  /// The checksum of everything fed so far.
  var checksum: UInt32 { value ^ 0xFFFF_FFFF }
}
