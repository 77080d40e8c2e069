extension SearchSnippet {
  /// Characters of context on each side of a match.
  static let contextLength = 40

  /// The snippet of `range` (UTF-16) in `string`: up to `contextLength` characters on each
  /// side, line and paragraph breaks turned into spaces and runs of spaces collapsed.
  ///
  /// - Complexity: O(context) after the string's UTF-16 breadcrumbs are built (once per
  ///   string, by the first call).
  init(of range: Range<Int>, in string: String) {
    let utf16 = string.utf16
    let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
    let end = utf16.index(start, offsetBy: range.count)
    let from =
      string.index(start, offsetBy: -Self.contextLength, limitedBy: string.startIndex)
      ?? string.startIndex
    let to =
      string.index(end, offsetBy: Self.contextLength, limitedBy: string.endIndex)
      ?? string.endIndex
    var before = Self.oneLine(string[from..<start])
    var after = Self.oneLine(string[end..<to])
    if from > string.startIndex { before = "…" + Self.trimmingLeadingSpace(before) }
    if to < string.endIndex { after = Self.trimmingTrailingSpace(after) + "…" }
    self.init(before: before, match: Self.oneLine(string[start..<end]), after: after)
  }

  /// The text with every run of whitespace (line breaks included) made one space.
  static func oneLine(_ text: Substring) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var lastWasSpace = false
    for scalar in text.unicodeScalars {
      if isSpace(scalar) {
        if !lastWasSpace { result.unicodeScalars.append(" ") }
        lastWasSpace = true
      } else {
        result.unicodeScalars.append(scalar)
        lastWasSpace = false
      }
    }
    return result
  }

  /// White space and line separators (and the object replacement character that stands
  /// for an image), by a switch: `Unicode.Scalar.Properties` lookups are slow per scalar.
  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000, 0xFFFC:
      true
    default: false
    }
  }

  private static func trimmingLeadingSpace(_ text: String) -> String {
    text.hasPrefix(" ") ? String(text.dropFirst()) : text
  }

  private static func trimmingTrailingSpace(_ text: String) -> String {
    text.hasSuffix(" ") ? String(text.dropLast()) : text
  }
}
