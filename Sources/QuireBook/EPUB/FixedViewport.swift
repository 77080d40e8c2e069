import Foundation

/// The size a fixed-layout document was designed at (EPUB 3.3 §8.2.2): the
/// `<meta name="viewport" content="width=…, height=…">` of an XHTML page, else the
/// `viewBox` (or `width`/`height`) of its first `<svg>`, read from the document's first
/// bytes without parsing it.
enum FixedViewport {
  /// How much of a document is searched.
  static let prefixLength = 16 << 10

  /// The size used when a page states none and has no picture to go by: a tablet's.
  static let fallback = (width: 768.0, height: 1024.0)

  /// The viewport of the document starting with `bytes`, or nil when it states none.
  static func size(in bytes: [UInt8]) -> (width: Double, height: Double)? {
    let text = String(decoding: bytes, as: UTF8.self)
    if let meta = tag(in: text, containing: "viewport", named: "meta"),
      let content = attribute("content", of: meta)
    {
      var width: Double?
      var height: Double?
      for pair in content.split(whereSeparator: { $0 == "," || $0 == ";" }) {
        let parts = pair.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard parts.count == 2, let value = number(parts[1]) else { continue }
        if parts[0] == "width" { width = value }
        if parts[0] == "height" { height = value }
      }
      if let width, let height, width > 0, height > 0 { return (width, height) }
    }
    if let svg = tag(in: text, containing: "<svg", named: "svg") {
      if let box = attribute("viewBox", of: svg) {
        let numbers = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap {
          number(String($0))
        }
        if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 { return (numbers[2], numbers[3]) }
      }
      if let width = attribute("width", of: svg).flatMap(number),
        let height = attribute("height", of: svg).flatMap(number), width > 0, height > 0
      {
        return (width, height)
      }
    }
    return nil
  }

  /// The size of a page's only picture (an image page without a viewport).
  static func pictureSize(of text: StyledText) -> (width: Double, height: Double)? {
    guard text.attachments.count == 1, let size = text.attachments[0].intrinsicSize,
      size.width > 0, size.height > 0
    else { return nil }
    return (Double(size.width), Double(size.height))
  }

  /// The first tag `<name …>` whose text contains `needle`.
  private static func tag(in text: String, containing needle: String, named name: String)
    -> Substring?
  {
    var rest = text[...]
    while let open = rest.range(of: "<" + name) {
      let after = rest[open.upperBound...]
      guard let close = after.firstIndex(of: ">") else { return nil }
      let tag = rest[open.lowerBound...close]
      if tag.contains(needle) { return tag }
      rest = after[close...]
    }
    return nil
  }

  /// The value of `name="…"` (or '…') in a tag.
  private static func attribute(_ name: String, of tag: Substring) -> String? {
    guard let key = tag.range(of: " " + name + "=") ?? tag.range(of: "\n" + name + "="),
      let quote = tag[key.upperBound...].first, quote == "\"" || quote == "'"
    else { return nil }
    let value = tag[tag.index(after: key.upperBound)...].prefix { $0 != quote }
    return String(value)
  }

  /// A CSS length's number ("1024", "1024px", "697.5"); nil for anything else.
  private static func number(_ value: String) -> Double? {
    var digits = value.trimmingCharacters(in: .whitespaces)
    if digits.hasSuffix("px") { digits.removeLast(2) }
    guard let number = Double(digits), number.isFinite else { return nil }
    return number
  }
}
