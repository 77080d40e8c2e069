/// Counts the scans of a JPEG file (its SOS markers) without decoding it: how many times
/// a decoder will go over the whole picture.
enum JPEGScans {
  /// The number of start-of-scan segments in `bytes`: 1 for a baseline JPEG, a dozen for
  /// a usual progressive one.
  /// - Complexity: O(n), one pass over the bytes (segments skipped by their lengths,
  ///   entropy-coded data scanned for the next marker).
  static func count(in bytes: UnsafeRawBufferPointer) -> Int {
    var scans = 0
    var index = 2  // after SOI
    let end = bytes.count
    while index + 1 < end {
      guard bytes[index] == 0xFF else { return scans }  // lost: stop counting
      let marker = bytes[index + 1]
      if marker == 0xFF {  // fill byte
        index += 1
        continue
      }
      index += 2
      if marker == 0xD9 { break }  // EOI
      if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }  // no length
      guard index + 1 < end else { break }
      let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
      index += length
      guard marker == 0xDA else { continue }
      scans += 1
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a
      // restart marker.
      while index + 1 < end {
        if bytes[index] == 0xFF {
          let next = bytes[index + 1]
          if next != 0x00 && !(0xD0...0xD7).contains(next) && next != 0xFF { break }
        }
        index += 1
      }
    }
    return scans
  }
}
