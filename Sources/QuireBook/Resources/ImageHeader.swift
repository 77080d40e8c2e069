public import Foundation

/// Reads an image's format and pixel size from its header, without decoding pixels.
///
/// PNG (IHDR), JPEG (SOF markers, bounded scan), GIF, WebP (VP8, VP8L, VP8X), BMP and SVG
/// (`width`/`height`, else `viewBox`). Sizes are reported as stored, even absurd ones:
/// deciding what is too large to decode is the renderer's job.
public enum ImageHeader {
  /// An image file format Quire recognises.
  public enum Format: String, Hashable, Sendable {
    case png
    case jpeg
    case gif
    case webp
    case bmp
    case svg
  }

  /// Bytes of a JPEG scanned for its frame header before giving up.
  static let jpegScanLimit = 1 << 20
  /// Bytes of an SVG searched for the root element.
  static let svgScanLimit = 64 << 10

  /// The format of `data`, from its magic bytes (or an `<svg` root for SVG).
  public static func format(of data: Data) -> Format? {
    let bytes = [UInt8](data.prefix(16))
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
      return .gif
    }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      Array(bytes[8..<12]) == Array("WEBP".utf8)
    {
      return .webp
    }
    if bytes.starts(with: Array("BM".utf8)) && bytes.count >= 14 { return .bmp }
    if svgRootTag(in: data) != nil { return .svg }
    return nil
  }

  /// The pixel size stored in the header of `data`, or nil when it is not a recognised
  /// image or the header is cut short.
  public static func size(of data: Data) -> Attachment.Size? {
    guard let format = format(of: data) else { return nil }
    switch format {
    case .png: return pngSize(data)
    case .jpeg: return jpegSize(data)
    case .gif: return gifSize(data)
    case .webp: return webpSize(data)
    case .bmp: return bmpSize(data)
    case .svg: return svgSize(data)
    }
  }

  // MARK: - Raster formats

  private static func pngSize(_ data: Data) -> Attachment.Size? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
    return size(bigEndian32(bytes, 16), bigEndian32(bytes, 20))
  }

  private static func gifSize(_ data: Data) -> Attachment.Size? {
    let bytes = [UInt8](data.prefix(10))
    guard bytes.count >= 10 else { return nil }
    return size(littleEndian(bytes, 6, 2), littleEndian(bytes, 8, 2))
  }

  private static func bmpSize(_ data: Data) -> Attachment.Size? {
    let bytes = [UInt8](data.prefix(26))
    guard bytes.count >= 26 else { return nil }
    let width = Int32(bitPattern: UInt32(littleEndian(bytes, 18, 4)))
    let height = Int32(bitPattern: UInt32(littleEndian(bytes, 22, 4)))
    return size(Int(width.magnitude), Int(height.magnitude))
  }

  private static func webpSize(_ data: Data) -> Attachment.Size? {
    let bytes = [UInt8](data.prefix(30))
    guard bytes.count >= 25 else { return nil }
    switch String(decoding: bytes[12..<16], as: UTF8.self) {
    case "VP8 ":
      guard bytes.count >= 30 else { return nil }
      // Key frame: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height.
      guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
      return size(littleEndian(bytes, 26, 2) & 0x3FFF, littleEndian(bytes, 28, 2) & 0x3FFF)
    case "VP8L":
      guard bytes[20] == 0x2F else { return nil }
      let bits = littleEndian(bytes, 21, 4)
      return size((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    case "VP8X":
      guard bytes.count >= 30 else { return nil }
      return size(littleEndian(bytes, 24, 3) + 1, littleEndian(bytes, 27, 3) + 1)
    default:
      return nil
    }
  }

  /// Walks the JPEG marker segments up to the first start-of-frame (SOF0…SOF15 except
  /// DHT, JPG and DAC), stopping at start-of-scan or after `jpegScanLimit` bytes.
  private static func jpegSize(_ data: Data) -> Attachment.Size? {
    let bytes = [UInt8](data.prefix(jpegScanLimit))
    var index = 2
    while index + 3 < bytes.count {
      guard bytes[index] == 0xFF else { return nil }
      let marker = bytes[index + 1]
      if marker == 0xFF {  // fill byte
        index += 1
        continue
      }
      if marker == 0x01 || (0xD0...0xD8).contains(marker) {  // no length
        index += 2
        continue
      }
      if marker == 0xD9 || marker == 0xDA { return nil }
      let length = bigEndian16(bytes, index + 2)
      guard length >= 2 else { return nil }
      if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
        guard index + 8 < bytes.count else { return nil }
        return size(bigEndian16(bytes, index + 7), bigEndian16(bytes, index + 5))
      }
      index += 2 + length
    }
    return nil
  }

  // MARK: - SVG

  /// The attributes text of the root `<svg …>` tag, when the data looks like SVG.
  private static func svgRootTag(in data: Data) -> Substring? {
    let text = String(decoding: data.prefix(svgScanLimit), as: UTF8.self)
    var search = text[...]
    while let open = search.range(of: "<") {
      let rest = search[open.upperBound...]
      if rest.hasPrefix("?") || rest.hasPrefix("!") {  // declaration, doctype, comment
        guard let close = rest.range(of: rest.hasPrefix("!--") ? "-->" : ">") else { return nil }
        search = rest[close.upperBound...]
        continue
      }
      let name = rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
      guard name == "svg" || name.hasSuffix(":svg") else { return nil }
      guard let close = rest.firstIndex(of: ">") else { return nil }
      return rest[name.endIndex..<close]
    }
    return nil
  }

  private static func svgSize(_ data: Data) -> Attachment.Size? {
    guard let tag = svgRootTag(in: data) else { return nil }
    let width = attribute("width", in: tag).flatMap(svgLength)
    let height = attribute("height", in: tag).flatMap(svgLength)
    if let width, let height { return size(width, height) }
    guard let viewBox = attribute("viewBox", in: tag) else { return nil }
    let numbers = viewBox.split { $0 == " " || $0 == "," }.compactMap { Double($0) }
    guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
    let boxWidth = numbers[2]
    let boxHeight = numbers[3]
    // One given dimension scales the other by the viewBox's aspect ratio.
    if let width { return size(width, Int((Double(width) * boxHeight / boxWidth).rounded())) }
    if let height { return size(Int((Double(height) * boxWidth / boxHeight).rounded()), height) }
    return size(Int(boxWidth.rounded()), Int(boxHeight.rounded()))
  }

  private static func attribute(_ name: String, in tag: Substring) -> String? {
    var search = tag
    while let found = search.range(of: name) {
      let before =
        found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
      var rest = search[found.upperBound...].drop { $0.isWhitespace }
      search = search[found.upperBound...]
      guard before.isWhitespace, rest.first == "=" else { continue }
      rest = rest.dropFirst().drop { $0.isWhitespace }
      guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
      let value = rest.dropFirst().prefix { $0 != quote }
      return String(value)
    }
    return nil
  }

  /// "600", "600px", "8.5in" → pixels at 96 per inch; nil for percentages.
  private static func svgLength(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let number = trimmed.prefix { $0.isNumber || $0 == "." }
    guard let value = Double(number), value > 0 else { return nil }
    let scale: Double
    switch trimmed.dropFirst(number.count) {
    case "", "px": scale = 1
    case "pt": scale = 96.0 / 72
    case "pc": scale = 16
    case "in": scale = 96
    case "cm": scale = 96 / 2.54
    case "mm": scale = 96 / 25.4
    case "em": scale = 16
    default: return nil
    }
    let pixels = value * scale
    guard pixels < Double(Int32.max) else { return nil }
    return Int(pixels.rounded())
  }

  // MARK: - Bytes

  private static func size(_ width: Int, _ height: Int) -> Attachment.Size? {
    width > 0 && height > 0 ? Attachment.Size(width: width, height: height) : nil
  }

  private static func bigEndian16(_ bytes: [UInt8], _ index: Int) -> Int {
    guard index + 1 < bytes.count else { return 0 }
    return Int(bytes[index]) << 8 | Int(bytes[index + 1])
  }

  private static func bigEndian32(_ bytes: [UInt8], _ index: Int) -> Int {
    bigEndian16(bytes, index) << 16 | bigEndian16(bytes, index + 2)
  }

  private static func littleEndian(_ bytes: [UInt8], _ index: Int, _ count: Int) -> Int {
    var value = 0
    for offset in (0..<count).reversed() where index + offset < bytes.count {
      value = value << 8 | Int(bytes[index + offset])
    }
    return value
  }
}
