import Foundation

/// A tolerant CSS stylesheet parser: rules and declarations, nothing else.
///
/// Follows the error-recovery rules of CSS Syntax Level 3 loosely: comments are removed,
/// a rule whose prelude or block is broken is dropped, and scanning continues after it.
/// Of the at-rules, `@media` blocks whose query applies to a reading system
/// (`CSSMediaQuery`) and `@supports` blocks are read as if their rules stood at the top
/// level, `@font-face` blocks and applying `@import`s are collected, and the rest (`@page`,
/// `@namespace`, …) are skipped with their blocks.
/// Strings and nested blocks are balanced, so garbage never makes it loop or crash.
/// - Complexity: O(n) in the stylesheet's length.
enum CSSScanner {
  /// A qualified rule as text: its selector prelude and its declaration block.
  struct RawRule {
    var prelude: Substring
    var block: Substring
  }

  /// A stylesheet split into its parts.
  struct Sheet {
    /// Qualified rules, at the top level or inside applying `@media`/`@supports` blocks.
    var rules: [RawRule] = []
    /// The declaration blocks of `@font-face` rules.
    var fontFaces: [Substring] = []
    /// The URLs of `@import` rules whose media query applies, as written.
    var imports: [String] = []
  }

  /// Deepest nesting of `@media`/`@supports` blocks that is read; deeper ones are skipped.
  static let maxAtRuleDepth = 8

  /// Splits a stylesheet into rules.
  static func rules(in text: String) -> [RawRule] {
    sheet(text).rules
  }

  /// Splits a stylesheet into rules, font faces and imports.
  static func sheet(_ text: String) -> Sheet {
    var sheet = Sheet()
    scan(withoutComments(text), into: &sheet, depth: 0)
    return sheet
  }

  private static func scan(_ source: Substring, into sheet: inout Sheet, depth: Int) {
    var index = source.startIndex
    while index < source.endIndex {
      let character = source[index]
      if character.isWhitespace || character == ";" || character == "}" {
        index = source.index(after: index)
        continue
      }
      if character == "@" {
        index = atRule(source, from: index, into: &sheet, depth: depth)
        continue
      }
      guard let open = find("{", in: source, from: index, stopAt: "}") else { break }
      if source[open] == "}" {  // a stray closing brace: skip the garbage before it
        index = source.index(after: open)
        continue
      }
      // An unclosed last block runs to the end of the sheet, as CSS says.
      let close = matchingBrace(source, open: open) ?? source.endIndex
      sheet.rules.append(
        RawRule(prelude: source[index..<open], block: source[source.index(after: open)..<close]))
      index = close < source.endIndex ? source.index(after: close) : close
    }
  }

  /// Reads the at-rule at `start` into `sheet` and returns the index after it.
  private static func atRule(
    _ source: Substring, from start: Substring.Index, into sheet: inout Sheet, depth: Int
  ) -> Substring.Index {
    var nameEnd = source.index(after: start)
    while nameEnd < source.endIndex,
      source[nameEnd].isLetter || source[nameEnd].isNumber || source[nameEnd] == "-"
    {
      nameEnd = source.index(after: nameEnd)
    }
    let name = source[source.index(after: start)..<nameEnd].lowercased()
    guard let stop = find("{", in: source, from: nameEnd, stopAt: ";") else {
      return source.endIndex
    }
    let prelude = source[nameEnd..<stop]
    if source[stop] == ";" {
      if name == "import", let (url, media) = importTarget(prelude),
        CSSMediaQuery.applies(media)
      {
        sheet.imports.append(url)
      }
      return source.index(after: stop)
    }
    let close = matchingBrace(source, open: stop) ?? source.endIndex
    let block = source[source.index(after: stop)..<close]
    switch name {
    case "font-face":
      sheet.fontFaces.append(block)
    case "media" where depth < maxAtRuleDepth && CSSMediaQuery.applies(prelude),
      "supports" where depth < maxAtRuleDepth:
      scan(block, into: &sheet, depth: depth + 1)
    default:
      break
    }
    return close < source.endIndex ? source.index(after: close) : close
  }

  /// The URL and media list of an `@import` prelude (`url("a.css") screen`, `"a.css"`).
  private static func importTarget(_ prelude: Substring) -> (String, Substring)? {
    let text = trimmed(prelude)
    guard let (url, end) = CSSURL.parse(text) else { return nil }
    return (url, text[end...])
  }

  /// Splits a declaration block ("a: b; c: d !important") into (name, value, important).
  static func declarations(in block: Substring) -> [(
    name: String, value: Substring, important: Bool
  )] {
    var result: [(String, Substring, Bool)] = []
    for part in splitTopLevel(block, on: ";") {
      guard let colon = part.firstIndex(of: ":") else { continue }
      let name = part[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
      var value = trimmed(part[part.index(after: colon)...])
      var important = false
      if let bang = value.lastIndex(of: "!"),
        value[value.index(after: bang)...].trimmingCharacters(in: .whitespaces).lowercased()
          == "important"
      {
        important = true
        value = trimmed(value[..<bang])
      }
      if name.isEmpty || value.isEmpty || value.contains("{") { continue }
      result.append((name, value, important))
    }
    return result
  }

  /// Splits at `separator` outside strings, parentheses, brackets and braces.
  static func splitTopLevel(_ text: Substring, on separator: Character) -> [Substring] {
    var parts: [Substring] = []
    var depth = 0
    var quote: Character?
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if let open = quote {
        if character == "\\" {
          index = text.index(after: index)
          if index == text.endIndex { break }
        } else if character == open {
          quote = nil
        }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "(" || character == "[" || character == "{" {
        depth += 1
      } else if character == ")" || character == "]" || character == "}" {
        depth = max(0, depth - 1)
      } else if character == separator && depth == 0 {
        parts.append(text[start..<index])
        start = text.index(after: index)
      }
      index = text.index(after: index)
    }
    parts.append(text[start..<text.endIndex])
    return parts
  }

  /// The text with `/* … */` comments replaced by a space (strings left alone).
  static func withoutComments(_ text: String) -> Substring {
    guard text.contains("/*") else { return Substring(text) }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var scalars = text.unicodeScalars[...]
    var quote: Unicode.Scalar?
    while let scalar = scalars.popFirst() {
      if let open = quote {
        result.unicodeScalars.append(scalar)
        if scalar == "\\", let next = scalars.popFirst() {
          result.unicodeScalars.append(next)
        } else if scalar == open || scalar == "\n" {
          quote = nil
        }
      } else if scalar == "/" && scalars.first == "*" {
        scalars = scalars.dropFirst()
        while let inner = scalars.popFirst() {
          if inner == "*" && scalars.first == "/" {
            scalars = scalars.dropFirst()
            break
          }
        }
        result.append(" ")
      } else {
        if scalar == "\"" || scalar == "'" { quote = scalar }
        result.unicodeScalars.append(scalar)
      }
    }
    return Substring(result)
  }

  private static func trimmed(_ text: Substring) -> Substring {
    var text = text
    while let first = text.first, first.isWhitespace { text = text.dropFirst() }
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return text
  }

  /// The first `target` or `stop` outside strings, or nil at the end.
  private static func find(
    _ target: Character, in source: Substring, from start: Substring.Index, stopAt stop: Character
  ) -> Substring.Index? {
    var quote: Character?
    var index = start
    while index < source.endIndex {
      let character = source[index]
      if let open = quote {
        if character == open || character == "\n" { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == target || character == stop {
        return index
      }
      index = source.index(after: index)
    }
    return nil
  }

  /// The index of the "}" that closes the "{" at `open`, or nil when unbalanced.
  private static func matchingBrace(_ source: Substring, open: Substring.Index) -> Substring.Index?
  {
    var depth = 0
    var quote: Character?
    var index = open
    while index < source.endIndex {
      let character = source[index]
      if let current = quote {
        if character == current || character == "\n" { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "{" {
        depth += 1
      } else if character == "}" {
        depth -= 1
        if depth == 0 { return index }
      }
      index = source.index(after: index)
    }
    return nil
  }
}
