/// Splits markup into text, start tags and end tags, decoding entities in text and
/// attribute values. Tolerant: a `<` that does not start a tag is text; comments, CDATA
/// markers, doctype and processing instructions are skipped.
struct MarkupScanner {
  enum Token: Equatable {
    case text(String)
    case open(name: String, attributes: [String: String], selfClosing: Bool)
    case close(name: String)
  }

  private let scalars: [Unicode.Scalar]
  private var position = 0

  init(_ markup: String) {
    scalars = Array(markup.unicodeScalars)
  }

  /// The next token, or nil at the end.
  mutating func next() -> Token? {
    guard position < scalars.count else { return nil }
    if scalars[position] == "<", let token = tag() { return token }
    var text = String.UnicodeScalarView()
    text.append(scalars[position])
    position += 1
    while position < scalars.count && scalars[position] != "<" {
      text.append(scalars[position])
      position += 1
    }
    return .text(Self.decodeEntities(String(text)))
  }

  // MARK: - Tags

  /// The tag at `position` (a `<`), or nil when it is not one (then `<` is text).
  private mutating func tag() -> Token? {
    if matches("<!--") {
      position = find("-->").map { $0 + 3 } ?? scalars.count
      return .text("")
    }
    if matches("<!") || matches("<?") {
      position = find(">").map { $0 + 1 } ?? scalars.count
      return .text("")
    }
    var index = position + 1
    let closing = index < scalars.count && scalars[index] == "/"
    if closing { index += 1 }
    let nameStart = index
    while index < scalars.count && Self.isNameCharacter(scalars[index]) { index += 1 }
    guard index > nameStart, Self.isLetter(scalars[nameStart]) else { return nil }
    let name = String(String.UnicodeScalarView(scalars[nameStart..<index])).lowercased()
    guard let end = tagEnd(from: index) else { return nil }
    position = end + 1
    if closing { return .close(name: name) }
    let inside = Array(scalars[index..<end])
    let selfClosing = inside.last == "/"
    return .open(name: name, attributes: Self.attributes(in: inside), selfClosing: selfClosing)
  }

  private static func attributes(in scalars: [Unicode.Scalar]) -> [String: String] {
    var attributes: [String: String] = [:]
    var index = 0
    while index < scalars.count {
      while index < scalars.count && !isNameCharacter(scalars[index]) { index += 1 }
      let nameStart = index
      while index < scalars.count && isNameCharacter(scalars[index]) { index += 1 }
      guard index > nameStart else { break }
      let name = String(String.UnicodeScalarView(scalars[nameStart..<index])).lowercased()
      while index < scalars.count && scalars[index] == " " { index += 1 }
      guard index < scalars.count && scalars[index] == "=" else {
        attributes[name] = ""
        continue
      }
      index += 1
      while index < scalars.count && scalars[index] == " " { index += 1 }
      var value = String.UnicodeScalarView()
      if index < scalars.count && (scalars[index] == "\"" || scalars[index] == "'") {
        let quote = scalars[index]
        index += 1
        while index < scalars.count && scalars[index] != quote {
          value.append(scalars[index])
          index += 1
        }
        index += 1
      } else {
        while index < scalars.count && scalars[index] != " " && scalars[index] != "/" {
          value.append(scalars[index])
          index += 1
        }
      }
      attributes[name] = decodeEntities(String(value))
    }
    return attributes
  }

  /// The `>` that ends a tag whose name ends at `start` (one inside a quoted attribute
  /// value does not): before any other `<` and within 4 KB, so each stray "<" costs a scan
  /// to the next one at most, never one to the end of a long text.
  private func tagEnd(from start: Int) -> Int? {
    var index = start
    let limit = min(scalars.count, start + 4096)
    var quote: Unicode.Scalar?
    while index < limit {
      let scalar = scalars[index]
      if scalar == "<" { return nil }
      if let open = quote {
        if scalar == open { quote = nil }
      } else if scalar == ">" {
        return index
      } else if scalar == "\"" || scalar == "'" {
        quote = scalar
      }
      index += 1
    }
    return nil
  }

  private func matches(_ prefix: String) -> Bool {
    let wanted = Array(prefix.unicodeScalars)
    guard position + wanted.count <= scalars.count else { return false }
    return Array(scalars[position..<(position + wanted.count)]) == wanted
  }

  private func find(_ text: String) -> Int? {
    let wanted = Array(text.unicodeScalars)
    var index = position
    while index + wanted.count <= scalars.count {
      if scalars[index] == wanted[0] && Array(scalars[index..<(index + wanted.count)]) == wanted {
        return index
      }
      index += 1
    }
    return nil
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isLetter(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
      || scalar == ":"
  }

  // MARK: - Entities

  /// Text with `&…;` entities replaced; an unknown or malformed one is left as it is.
  static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      let after = rest[rest.index(after: ampersand)...]
      if let semicolon = after.prefix(12).firstIndex(of: ";"),
        let character = entity(String(after[..<semicolon]))
      {
        result.unicodeScalars.append(character)
        rest = after[after.index(after: semicolon)...]
      } else {
        result += "&"
        rest = after
      }
    }
    return result + rest
  }

  private static func entity(_ name: String) -> Unicode.Scalar? {
    if name.hasPrefix("#x") || name.hasPrefix("#X") {
      return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
    }
    if name.hasPrefix("#") { return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init) }
    return namedEntities[name]
  }

  private static let namedEntities: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    "mdash": "—", "ndash": "–", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
    "rdquo": "”", "laquo": "«", "raquo": "»", "middot": "·", "bull": "•", "deg": "°",
    "copy": "©", "reg": "®", "sect": "§", "para": "¶", "times": "×", "divide": "÷",
    "shy": "\u{AD}", "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}",
    "prime": "′", "Prime": "″", "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓",
    "harr": "↔", "rArr": "⇒", "frac12": "½", "frac14": "¼", "frac34": "¾", "sup2": "²",
    "sup3": "³", "iexcl": "¡", "iquest": "¿", "eacute": "é", "egrave": "è", "aacute": "á",
    "agrave": "à", "acirc": "â", "ecirc": "ê", "ocirc": "ô", "uuml": "ü", "ouml": "ö",
    "auml": "ä", "szlig": "ß", "ccedil": "ç", "ntilde": "ñ", "oelig": "œ", "aelig": "æ",
  ]
}
