import Foundation
import QuireBook

/// Reads an image's pixel size from its header, for the cover line of `quire info`.
///
/// Stand-in for `ImageHeader.size(of:)` in QuireBook/Resources, which the EPUB work
/// provides; once that is merged, `InfoReport` should call it and this file goes.
/// Knows PNG, JPEG, GIF and WebP; SVG and anything else give nil.
enum CoverImageHeader {
  /// The pixel size stored in `data`'s header, or nil if the format is unknown or the
  /// header is cut short.
  static func size(of data: Data) -> Attachment.Size? {
    let bytes = [UInt8](data.prefix(64 * 1024))
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return png(bytes) }
    if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
    if bytes.starts(with: Array("GIF8".utf8)) { return gif(bytes) }
    if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 30,
      Array(bytes[8..<12]) == Array("WEBP".utf8)
    {
      return webp(bytes)
    }
    return nil
  }

  private static func png(_ bytes: [UInt8]) -> Attachment.Size? {
    guard bytes.count >= 24 else { return nil }
    return size(bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
  }

  /// Walks the JPEG markers to the first start-of-frame (SOF0…SOF15 except DHT, JPG, DAC).
  private static func jpeg(_ bytes: [UInt8]) -> Attachment.Size? {
    var index = 2
    while index + 9 < bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      if marker == 0xFF {
        index += 1
        continue
      }
      let length = bigEndian(bytes, index + 2, 2)
      if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
        return size(bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2))
      }
      index += 2 + length
    }
    return nil
  }

  private static func gif(_ bytes: [UInt8]) -> Attachment.Size? {
    guard bytes.count >= 10 else { return nil }
    return size(Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
  }

  private static func webp(_ bytes: [UInt8]) -> Attachment.Size? {
    switch String(decoding: bytes[12..<16], as: UTF8.self) {
    case "VP8 ":
      return size(littleEndian(bytes, 26, 2) & 0x3FFF, littleEndian(bytes, 28, 2) & 0x3FFF)
    case "VP8L":
      let bits = littleEndian(bytes, 21, 4)
      return size((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    case "VP8X":
      return size(littleEndian(bytes, 24, 3) + 1, littleEndian(bytes, 27, 3) + 1)
    default:
      return nil
    }
  }

  private static func size(_ width: Int, _ height: Int) -> Attachment.Size? {
    width > 0 && height > 0 ? Attachment.Size(width: width, height: height) : nil
  }

  private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
    guard start + count <= bytes.count else { return 0 }
    return bytes[start..<(start + count)].reduce(0) { $0 << 8 | Int($1) }
  }

  private static func littleEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
    guard start + count <= bytes.count else { return 0 }
    return bytes[start..<(start + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
  }
}
