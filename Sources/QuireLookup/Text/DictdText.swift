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
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = rawLine.replacingTabs
      let content = line.trimmingWhitespace
      if content.isEmpty {
        flush(&builder)
        if !first { builder.blankLine() }
        continue
      }
      let indent = line.prefix { $0 == " " }.count
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
  static func senseLabelLength(_ line: String) -> Int? {
    let characters = Array(line.prefix(12))
    var index = 0
    // A part of speech before a number: WordNet's "n 1:", "adj 2:", "adv 1:".
    while index < characters.count && characters[index].isLetter && index < 4 { index += 1 }
    if index > 0 && index < characters.count && characters[index] == " " {
      let digits = characters[(index + 1)...].prefix { $0.isNumber }.count
      let end = index + 1 + digits
      if digits > 0 && end < characters.count && characters[end] == ":" { return end + 1 }
    }
    let digits = characters.prefix { $0.isNumber }.count
    if digits > 0 && digits < characters.count
      && (characters[digits] == "." || characters[digits] == ":")
      && (digits + 1 == characters.count || characters[digits + 1] == " ")
    {
      return digits + 1
    }
    if characters.count >= 4 && characters[0] == "(" && characters[2] == ")"
      && characters[1].isLetter && characters[3] == " "
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
    if let headword, rest.lowercased().hasPrefix(headword.lowercased()), !headword.isEmpty {
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
    var rest = text
    while let open = rest.firstIndex(where: { $0 == "{" || $0 == "[" }) {
      appendPlain(rest[..<open], &builder)
      let closing: Character = rest[open] == "{" ? "}" : "]"
      let after = rest.index(after: open)
      guard let close = rest[after...].firstIndex(where: { $0 == closing || $0 == "{" }),
        rest[close] == closing
      else {
        // Not a pair ("[imp. … {Abandoned} …]" holds links): the bracket is text.
        appendPlain(rest[open...open], &builder)
        rest = rest[after...]
        continue
      }
      let inside = rest[after..<close]
      if closing == "}" {
        let word = inside.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        builder.beginLink(word)
        builder.append(word)
        builder.endLink()
      } else if isSourceNote(inside) {
        builder.append(String(rest[open...close]), adding: .note)
      } else {
        appendPlain(rest[open...open], &builder)
        rest = rest[after...]
        continue
      }
      rest = rest[rest.index(after: close)...]
    }
    appendPlain(rest, &builder)
  }

  private static func appendPlain(_ text: Substring, _ builder: inout DefinitionTextBuilder) {
    if !text.isEmpty { builder.append(String(text)) }
  }

  /// "1913 Webster", "Webster 1913 Suppl.", "PJC", "RDH": where a GCIDE sense comes from.
  private static func isSourceNote(_ text: Substring) -> Bool {
    if text.contains("Webster") { return true }
    return (2...5).contains(text.count) && text.allSatisfy { $0.isUppercase || $0 == "." }
  }
}

extension Substring {
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
