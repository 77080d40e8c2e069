import Glibc

/// The lines of a buffer (with their "\n") that hold a byte outside ASCII, in order;
/// runs of pure-ASCII lines are skipped eight bytes at a time.
struct NonASCIILines: Sequence, IteratorProtocol {
  private let bytes: UnsafeRawBufferPointer
  private var position = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  mutating func next() -> Range<Int>? {
    let count = bytes.count
    var i = position
    while i < count {
      if i + 8 <= count,
        bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        i += 8
        continue
      }
      if bytes[i] < 0x80 {
        i += 1
        continue
      }
      let base = bytes.baseAddress!
      // The line's start lies after the previous line returned (at or after `position`).
      var start = i
      while start > position && bytes[start - 1] != 0x0A { start -= 1 }
      let end = memchr(base + i, 0x0A, count - i).map { UnsafeRawPointer($0) - base + 1 } ?? count
      position = end
      return start..<end
    }
    position = count
    return nil
  }
}
