import Foundation

/// The blob format of a chapter's page breaks: little-endian `Int32`s, one per page.
///
/// Four bytes a page keeps War and Peace's ~2,000 pages in 8 KB, and decoding is a copy.
enum PageBreakCoding {
  /// Encodes offsets; nil if one does not fit in an `Int32` (no chapter is that long).
  static func encode(_ offsets: [Int]) -> Data? {
    var data = Data(capacity: offsets.count * 4)
    for offset in offsets {
      guard let value = Int32(exactly: offset) else { return nil }
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    return data
  }

  /// Decodes a blob; nil when its length is not a multiple of four (a damaged entry).
  static func decode(_ data: Data) -> [Int]? {
    guard data.count % 4 == 0 else { return nil }
    return data.withUnsafeBytes { bytes in
      (0..<(bytes.count / 4)).map {
        Int(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self)))
      }
    }
  }
}
