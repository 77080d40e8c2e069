/// A chapter's title from the first bytes of its document, found without parsing it: the
/// text of `<title>` in the head, else of the first `<h1>`–`<h6>`, as `XHTMLConverter`
/// would name the document.
///
/// Used at open for the few spine documents the table of contents does not name (covers,
/// title pages), so that opening a book never converts a chapter.
enum DocumentTitleScanner {
  /// How much of a document is read for its title.
  static let prefixLength = 8192

  /// The title found in `bytes` (a document's beginning), or nil.
  static func title(in bytes: [UInt8]) -> String? {
    let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    let body = find(Array("<body".utf8), in: lowered, from: 0)
    if let title = elementText(named: "title", in: bytes, lowered, before: body ?? lowered.count),
      !title.isEmpty
    {
      return title
    }
    var from = body ?? 0
    while let start = find([UInt8(ascii: "<"), UInt8(ascii: "h")], in: lowered, from: from) {
      from = start + 2
      guard start + 3 < lowered.count, (0x31...0x36).contains(lowered[start + 2]),
        isNameEnd(lowered[start + 3])
      else { continue }
      let name = "h" + String(UnicodeScalar(lowered[start + 2]))
      guard
        let text = elementText(named: name, in: bytes, lowered, before: lowered.count, at: start)
      else { return nil }
      if !text.isEmpty { return text }
    }
    return nil
  }

  /// The collapsed text of the first element `name` starting before `limit` (or at
  /// `start`), tags stripped and entities decoded; nil when it is not complete in `bytes`.
  private static func elementText(
    named name: String, in bytes: [UInt8], _ lowered: [UInt8], before limit: Int,
    at start: Int? = nil
  ) -> String? {
    let open = Array("<\(name)".utf8)
    var position = 0
    var found = start
    while found == nil, let candidate = find(open, in: lowered, from: position), candidate < limit {
      if candidate + open.count < lowered.count, isNameEnd(lowered[candidate + open.count]) {
        found = candidate
      }
      position = candidate + open.count
    }
    guard let found, let tagEnd = find([UInt8(ascii: ">")], in: lowered, from: found),
      let close = find(Array("</\(name)".utf8), in: lowered, from: tagEnd)
    else { return nil }
    if lowered[tagEnd - 1] == UInt8(ascii: "/") { return "" }
    return XHTMLText.collapsed(decodedText(bytes[(tagEnd + 1)..<close]))
  }

  /// Text with tags removed and character references decoded.
  private static func decodedText(_ markup: ArraySlice<UInt8>) -> String {
    var text: [UInt8] = []
    var index = markup.startIndex
    while index < markup.endIndex {
      let byte = markup[index]
      if byte == UInt8(ascii: "<") {
        index = markup[index...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? markup.endIndex
        continue
      }
      if byte == UInt8(ascii: "&"),
        let semicolon = markup[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
        let scalar = reference(String(decoding: markup[(index + 1)..<semicolon], as: UTF8.self))
      {
        text.append(contentsOf: String(scalar).utf8)
        index = semicolon + 1
        continue
      }
      text.append(byte)
      index += 1
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static func reference(_ name: String) -> Unicode.Scalar? {
    switch name {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    case "nbsp": return "\u{A0}"
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value =
        digits.first == "x" || digits.first == "X"
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      return value.flatMap(Unicode.Scalar.init)
    }
  }

  private static func isNameEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 0x20 || byte == 0x09
      || byte == 0x0A || byte == 0x0D
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count else { return nil }
    var index = start
    while index <= haystack.count - needle.count {
      if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
