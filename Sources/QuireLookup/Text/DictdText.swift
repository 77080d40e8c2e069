import Foundation

/// A dictd definition (GCIDE, WordNet, FreeDict) as a `DefinitionText`.
///
/// dictd definitions are plain text wrapped by hand at about 70 columns, structure shown by
/// indentation. They are unwrapped into paragraphs, so a popup of any width sets them well:
/// a blank line, a sense label ("1.", "n 2:", "(a)", "Syn:") or a line no deeper than the
/// paragraph's first starts a paragraph; a deeper line continues it. Cross-references,
/// written `{word}`, become links without their braces; GCIDE's accent codes (`[e^]`,
/// `[=a]`, `[ae]`) become the letters they stand for; the headword at the start, sense
/// labels and source notes ("[1913 Webster]") are styled.
enum DictdText {
  /// Appends the definition `text` of `headword` to `builder`.
  static func read(_ text: String, headword: String, into builder: inout DefinitionTextBuilder) {
    var paragraph: (lines: [String], indent: Int, previous: Int)?
    var first = true
    func flush(_ builder: inout DefinitionTextBuilder) {
      guard let open = paragraph else { return }
      builder.beginParagraph(indent: level(open.indent))
      appendInline(open.lines.joined(separator: " "), headword: first ? headword : nil, &builder)
      builder.endParagraph()
      first = false
      paragraph = nil
    }
    // Lines are found and measured on UTF-8 bytes: a GCIDE entry runs to 30 KB, and
    // stepping through it by grapheme clusters cost more than all the rest of a look-up.
    for rawLine in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      let line =
        rawLine.contains(0x09) ? Substring(rawLine).replacingTabs : String(Substring(rawLine))
      let bytes = line.utf8
      let indent = bytes.prefix { $0 == 0x20 }.count
      let content = String(Substring(line).trimmingASCIISpace)
      if content.isEmpty {
        flush(&builder)
        if !first { builder.blankLine() }
        continue
      }
      if let open = paragraph, !startsSense(content),
        indent > open.indent || (indent == open.previous && indent > 0),
        !(first && open.lines.count == 1 && isCompleteHeadLine(open.lines[0], headword))
      {
        paragraph?.lines.append(content)
        paragraph?.previous = indent
        continue
      }
      flush(&builder)
      paragraph = ([content], indent, indent)
    }
    flush(&builder)
  }

  /// Whether an entry's first line stands alone, so that the deeper lines under it are the
  /// definition rather than its continuation: the headword by itself, or a line whose
  /// brackets all close and that ends a sentence or a bracket ("Abaca \Ab"a*ca\, n.
  /// [Sp. abac['a].]"). GCIDE wraps a long etymology under the headword, its "[" still open.
  private static func isCompleteHeadLine(_ line: String, _ headword: String) -> Bool {
    if line.caseInsensitiveCompare(headword) == .orderedSame { return true }
    var depth = 0
    for character in line {
      if character == "[" || character == "(" { depth += 1 }
      if character == "]" || character == ")" { depth -= 1 }
    }
    return depth == 0 && [".", "]", ")"].contains(line.last)
  }

  /// Indent level of a paragraph whose first line has `spaces` leading spaces.
  private static func level(_ spaces: Int) -> Int {
    switch spaces {
    case 0: 0
    case 1...4: 1
    case 5...8: 2
    default: 3
    }
  }

  // MARK: - Sense labels

  /// Whether a line starts a sense: "1.", "12:", "n 1:", "adj 2:", "(a)", "Syn:", "Usage:",
  /// "Note:", "See also".
  static func startsSense(_ line: String) -> Bool {
    senseLabelLength(line) != nil
  }

  /// The length in characters of the sense label at the start of `line`, if it has one.
  /// Labels are ASCII, so the line's first bytes are enough (it runs for every line).
  static func senseLabelLength(_ line: String) -> Int? {
    let bytes = Array(line.utf8.prefix(12))
    func isLetter(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    // A part of speech before a number: WordNet's "n 1:", "adj 2:", "adv 1:".
    let letters = bytes.prefix(while: isLetter).count
    if (1...4).contains(letters) && letters < bytes.count && bytes[letters] == 0x20 {
      let digits = bytes[(letters + 1)...].prefix(while: isDigit).count
      let end = letters + 1 + digits
      if digits > 0 && end < bytes.count && bytes[end] == UInt8(ascii: ":") { return end + 1 }
    }
    let digits = bytes.prefix(while: isDigit).count
    if digits > 0 && digits < bytes.count
      && (bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ":"))
      && (digits + 1 == bytes.count || bytes[digits + 1] == 0x20)
    {
      return digits + 1
    }
    if bytes.count >= 4 && bytes[0] == UInt8(ascii: "(") && isLetter(bytes[1])
      && bytes[2] == UInt8(ascii: ")") && bytes[3] == 0x20
    {
      return 3
    }
    for word in ["Syn:", "Usage:", "Note:", "Syn.", "See also"] where line.hasPrefix(word) {
      return word.count
    }
    return nil
  }

  // MARK: - Inline

  /// Appends one paragraph's text: the headword and a pronunciation at the start of the
  /// first, a sense label at the start of any, `{links}`, source notes.
  private static func appendInline(
    _ text: String, headword: String?, _ builder: inout DefinitionTextBuilder
  ) {
    var rest = Substring(GCIDECharacters.decode(text))
    if let headword, !headword.isEmpty,
      rest.prefix(headword.count).lowercased() == headword.lowercased()
    {
      let end = rest.index(rest.startIndex, offsetBy: headword.count)
      builder.append(String(rest[..<end]), adding: [.bold, .headword])
      rest = rest[end...]
      // A pronunciation may follow, between backslashes (GCIDE: "Abandon \A*ban"don\") or
      // slashes (FreeDict: "abandon /abɑ̃dɔ̃/"), then FreeDict's grammar ("<n, masc>").
      for (opening, closing, style) in [
        ("\\", "\\", DefinitionText.Style.pronunciation), ("/", "/", .pronunciation),
        ("<", ">", [.italic, .label]),
      ] as [(Character, Character, DefinitionText.Style)] {
        let trimmed = rest.drop { $0 == " " }
        guard trimmed.first == opening,
          let close = trimmed.dropFirst().prefix(80).firstIndex(of: closing)
        else { continue }
        builder.append(" ")
        builder.append(String(trimmed[...close]), adding: style)
        rest = trimmed[trimmed.index(after: close)...]
      }
    } else if let label = senseLabelLength(String(rest)) {
      let end = rest.index(rest.startIndex, offsetBy: label)
      builder.append(String(rest[..<end]), adding: [.bold, .label])
      rest = rest[end...]
    }
    appendLinks(rest, &builder)
  }

  /// Appends text with `{word}` cross-references as links and `[1913 Webster]`-style
  /// source notes as notes.
  private static func appendLinks(_ text: Substring, _ builder: inout DefinitionTextBuilder) {
    // Brackets and braces are ASCII: scanning UTF-8 finds them, and their positions are
    // valid indices of the text.
    let utf8 = text.utf8
    var plainStart = utf8.startIndex
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else {
        index = utf8.index(after: index)
        continue
      }
      let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
      let after = utf8.index(after: index)
      // A pair closes before any other "{": "[imp. … {Abandoned} …]" holds links.
      guard
        let close = utf8[after...].firstIndex(where: { $0 == closing || $0 == UInt8(ascii: "{") }),
        utf8[close] == closing
      else {
        index = after
        continue
      }
      let inside = text[after..<close]
      if byte == UInt8(ascii: "{") {
        appendPlain(text[plainStart..<index], &builder)
        let word = inside.split(separator: " ").joined(separator: " ")
        builder.beginLink(word)
        builder.append(word)
        builder.endLink()
      } else if isSourceNote(inside) {
        appendPlain(text[plainStart..<index], &builder)
        builder.append(String(text[index...close]), adding: .note)
      } else {
        index = after
        continue
      }
      index = utf8.index(after: close)
      plainStart = index
    }
    appendPlain(text[plainStart...], &builder)
  }

  private static func appendPlain(_ text: Substring, _ builder: inout DefinitionTextBuilder) {
    if !text.isEmpty { builder.append(String(text)) }
  }

  /// "1913 Webster", "Webster 1913 Suppl.", "PJC", "RDH": where a GCIDE sense comes from.
  private static func isSourceNote(_ text: Substring) -> Bool {
    let bytes = text.utf8
    guard bytes.count <= 32 else { return false }
    if text.contains("Webster") { return true }
    return (2...5).contains(bytes.count)
      && bytes.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 == 0x2E }
  }
}

extension Substring {
  /// The text without ASCII spaces, tabs and carriage returns at either end.
  fileprivate var trimmingASCIISpace: Substring {
    let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    guard let first = utf8.firstIndex(where: { !blank($0) }),
      let last = utf8.lastIndex(where: { !blank($0) })
    else { return self[endIndex...] }
    return self[first...last]
  }

  /// The line with each tab widened to the next multiple of eight columns.
  fileprivate var replacingTabs: String {
    guard contains("\t") else { return String(self) }
    var line = ""
    for character in self {
      if character == "\t" {
        line += String(repeating: " ", count: 8 - line.count % 8)
      } else {
        line.append(character)
      }
    }
    return line
  }
}
