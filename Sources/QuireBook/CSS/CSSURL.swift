/// The `url(…)` and string tokens that `@import` and `@font-face` `src` use.
enum CSSURL {
  /// Parses `url("a")`, `url('a')`, `url(a)` or `"a"` at the start of `text` (after
  /// whitespace); returns the URL with CSS escapes of quotes undone and the index after it.
  static func parse(_ text: Substring) -> (url: String, end: Substring.Index)? {
    var rest = text.drop(while: \.isWhitespace)
    if rest.first == "\"" || rest.first == "'" {
      return quoted(rest)
    }
    guard rest.prefix(4).lowercased() == "url(" else { return nil }
    rest = rest.dropFirst(4).drop(while: \.isWhitespace)
    if rest.first == "\"" || rest.first == "'" {
      guard let (url, end) = quoted(rest) else { return nil }
      let after = rest[end...].drop(while: \.isWhitespace)
      guard after.first == ")" else { return nil }
      return (url, after.index(after: after.startIndex))
    }
    guard let close = rest.firstIndex(of: ")") else { return nil }
    let url = String(rest[..<close]).trimmingWhitespace
    return url.isEmpty ? nil : (url, rest.index(after: close))
  }

  /// A quoted string starting at `text.startIndex`, and the index after its closing quote.
  private static func quoted(_ text: Substring) -> (url: String, end: Substring.Index)? {
    guard let quote = text.first else { return nil }
    var url = ""
    var index = text.index(after: text.startIndex)
    while index < text.endIndex {
      let character = text[index]
      if character == quote { return (url, text.index(after: index)) }
      if character == "\n" { return nil }
      if character == "\\" {
        index = text.index(after: index)
        guard index < text.endIndex else { return nil }
      }
      url.append(text[index])
      index = text.index(after: index)
    }
    return nil
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line ends.
  fileprivate var trimmingWhitespace: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
