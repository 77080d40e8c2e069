import Glibc

/// The lines of normalised UTF-8 text as byte ranges, trailing whitespace excluded.
///
/// Built with `memchr` over the buffer, so splitting a 10 MB novel costs a few
/// milliseconds; everything after works on these ranges instead of `String` lines.
struct LineTable {
  /// Byte offset where each line starts.
  private(set) var starts: [Int] = []
  /// Byte offset where each line's content ends (trailing spaces, tabs, U+3000 and
  /// NBSP trimmed).
  private(set) var ends: [Int] = []

  /// Splits `bytes` at "\n".
  /// - Complexity: O(n).
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return }
    starts.reserveCapacity(count / 40 + 1)
    ends.reserveCapacity(count / 40 + 1)
    var start = 0
    while start <= count {
      let end: Int
      if start < count, let newline = memchrNewline(base + start, count - start) {
        end = newline - base
      } else {
        end = count
      }
      starts.append(start)
      ends.append(TextBytes.trimTrailingWhitespace(bytes, start, end))
      start = end + 1
      if end == count { break }
    }
  }

  /// The number of lines.
  var count: Int { starts.count }

  /// True when line `index` has only whitespace.
  @inline(__always)
  func isBlank(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    TextBytes.skipLeadingWhitespace(bytes, starts[index], ends[index]) == ends[index]
  }
}

@inline(__always)
private func memchrNewline(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> UnsafePointer<UInt8>? {
  guard let found = memchr(pointer, 0x0A, count) else { return nil }
  return UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
}
