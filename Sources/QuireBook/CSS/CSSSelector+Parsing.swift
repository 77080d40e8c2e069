extension CSSSelector {
  /// Parses a selector list ("h1, h2 + p"); selectors that cannot be parsed are left out.
  static func parseList(_ text: Substring) -> [CSSSelector] {
    CSSScanner.splitTopLevel(text, on: ",").compactMap { parse($0) }
  }

  /// Parses one complex selector, or nil when it is malformed or too long.
  static func parse(_ text: Substring) -> CSSSelector? {
    var scanner = SelectorScanner(Array(text.unicodeScalars))
    return scanner.parseComplex()
  }
}

/// A cursor over the scalars of one selector.
private struct SelectorScanner {
  /// Longest chain of compounds accepted; longer selectors are hostile or broken.
  static let maxCompounds = 32

  let scalars: [Unicode.Scalar]
  var index = 0

  init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

  var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  mutating func parseComplex() -> CSSSelector? {
    skipWhitespace()
    var compounds: [CSSSelector.Compound] = []
    var combinators: [CSSSelector.Combinator] = []
    while true {
      guard let compound = parseCompound() else { return nil }
      compounds.append(compound)
      if compounds.count > Self.maxCompounds { return nil }
      let hadSpace = skipWhitespace()
      guard let scalar = current else { break }
      switch scalar {
      case ">": combinators.append(.child)
      case "+": combinators.append(.nextSibling)
      case "~": combinators.append(.subsequentSibling)
      default:
        guard hadSpace else { return nil }
        combinators.append(.descendant)
        continue
      }
      index += 1
      skipWhitespace()
    }
    return CSSSelector(compounds: compounds, combinators: combinators)
  }

  mutating func parseCompound() -> CSSSelector.Compound? {
    var compound = CSSSelector.Compound()
    var sawAnything = false
    if current == "*" {
      index += 1
      sawAnything = true
      if current == "|" { index += 1 }
    }
    if let name = identifier() {
      sawAnything = true
      if current == "|" {
        index += 1
        if current == "*" {
          index += 1
        } else if let local = identifier() {
          compound.tag = local.lowercased()
        } else {
          return nil
        }
      } else {
        compound.tag = name.lowercased()
      }
    }
    loop: while let scalar = current {
      switch scalar {
      case "#":
        index += 1
        guard let id = identifier() else { return nil }
        compound.id = id
      case ".":
        index += 1
        guard let name = identifier() else { return nil }
        compound.classes.append(name)
      case "[":
        index += 1
        guard let condition = attributeCondition() else { return nil }
        compound.attributes.append(condition)
      case ":":
        index += 1
        guard pseudo(into: &compound) else { return nil }
      default:
        break loop
      }
      sawAnything = true
    }
    return sawAnything ? compound : nil
  }

  mutating func attributeCondition() -> CSSSelector.AttributeCondition? {
    skipWhitespace()
    if current == "*" || current == "|" {  // any or no namespace
      index += 1
      if current == "|" { index += 1 }
    }
    guard var name = identifier() else { return nil }
    var prefix: String?
    if current == "|" && peek(1) != "=" {
      index += 1
      guard let local = identifier() else { return nil }
      prefix = name
      name = local
    }
    skipWhitespace()
    var match = CSSSelector.AttributeCondition.Match.exists
    if current == "]" {
      index += 1
      return .init(name: name, prefix: prefix, match: .exists, value: "")
    }
    switch current {
    case "=": match = .equals
    case "~": match = .includesWord
    case "|": match = .dashPrefix
    case "^": match = .prefix
    case "$": match = .suffix
    case "*": match = .substring
    default: return nil
    }
    // "~=", "|=", …: the "=" may be missing, even at the end of the text ("[a~").
    if match != .equals && peek(1) != "=" { return nil }
    index += match == .equals ? 1 : 2
    skipWhitespace()
    guard let value = quotedOrIdentifier() else { return nil }
    skipWhitespace()
    if current == "i" || current == "s" || current == "I" || current == "S" {
      index += 1
      skipWhitespace()
    }
    guard current == "]" else { return nil }
    index += 1
    return .init(name: name, prefix: prefix, match: match, value: value)
  }

  mutating func pseudo(into compound: inout CSSSelector.Compound) -> Bool {
    if current == ":" {  // pseudo-element
      index += 1
      guard identifier() != nil else { return false }
      compound.neverMatches = true
      if current == "(" { return skipParenthesized() != nil }
      return true
    }
    guard let name = identifier()?.lowercased() else { return false }
    var argument: String?
    if current == "(" {
      guard let inner = skipParenthesized() else { return false }
      argument = inner
    }
    switch (name, argument) {
    case ("first-child", nil):
      compound.pseudoClasses.append(.nth(a: 0, b: 1, ofType: false, fromEnd: false))
    case ("last-child", nil):
      compound.pseudoClasses.append(.nth(a: 0, b: 1, ofType: false, fromEnd: true))
    case ("first-of-type", nil):
      compound.pseudoClasses.append(.nth(a: 0, b: 1, ofType: true, fromEnd: false))
    case ("last-of-type", nil):
      compound.pseudoClasses.append(.nth(a: 0, b: 1, ofType: true, fromEnd: true))
    case ("only-child", nil): compound.pseudoClasses.append(.onlyChild)
    case ("only-of-type", nil): compound.pseudoClasses.append(.onlyOfType)
    case ("root", nil): compound.pseudoClasses.append(.root)
    case ("nth-child", let text?), ("nth-last-child", let text?), ("nth-of-type", let text?),
      ("nth-last-of-type", let text?):
      guard let (a, b) = Self.parseNth(text) else { return false }
      compound.pseudoClasses.append(
        .nth(a: a, b: b, ofType: name.hasSuffix("of-type"), fromEnd: name.contains("last")))
    case ("not", let text?):
      var inner = SelectorScanner(Array(text.unicodeScalars))
      inner.skipWhitespace()
      guard let negated = inner.parseCompound() else { return false }
      inner.skipWhitespace()
      if inner.current != nil {  // a list or complex selector inside :not(): not supported
        compound.neverMatches = true
      } else {
        compound.pseudoClasses.append(.not(negated))
      }
    default:
      // :hover, :link, :first-letter written with one colon, unknown ones: never match.
      compound.neverMatches = true
    }
    return true
  }

  /// Parses "odd", "even", "3", "2n+1", "-n+3".
  static func parseNth(_ text: String) -> (Int, Int)? {
    let compact = text.lowercased().filter { !$0.isWhitespace }
    switch compact {
    case "odd": return (2, 1)
    case "even": return (2, 0)
    default: break
    }
    guard let n = compact.firstIndex(of: "n") else { return Int(compact).map { (0, $0) } }
    let aText = compact[..<n]
    let a: Int? =
      switch aText {
      case "", "+": 1
      case "-": -1
      default: Int(aText)
      }
    let bText = compact[compact.index(after: n)...]
    let b = bText.isEmpty ? 0 : Int(bText.hasPrefix("+") ? bText.dropFirst() : bText)
    guard let a, let b else { return nil }
    return (a, b)
  }

  func peek(_ offset: Int) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  @discardableResult
  mutating func skipWhitespace() -> Bool {
    let start = index
    while let scalar = current,
      scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
        || scalar == "\u{0C}"
    {
      index += 1
    }
    return index > start
  }

  mutating func identifier() -> String? {
    var result = String.UnicodeScalarView()
    while let scalar = current {
      if scalar == "\\", let next = peek(1) {
        result.append(next)
        index += 2
      } else if scalar.value >= 0x80 || scalar == "-" || scalar == "_"
        || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        || ("0"..."9").contains(scalar)
      {
        result.append(scalar)
        index += 1
      } else {
        break
      }
    }
    return result.isEmpty ? nil : String(result)
  }

  mutating func quotedOrIdentifier() -> String? {
    guard let quote = current else { return nil }
    guard quote == "\"" || quote == "'" else { return identifier() }
    index += 1
    var result = String.UnicodeScalarView()
    while let scalar = current, scalar != quote {
      result.append(scalar)
      index += 1
    }
    guard current == quote else { return nil }
    index += 1
    return String(result)
  }

  /// Skips "( … )" with nesting and returns the inside, or nil when unbalanced.
  mutating func skipParenthesized() -> String? {
    index += 1
    var depth = 1
    var inner = String.UnicodeScalarView()
    while let scalar = current {
      index += 1
      if scalar == "(" { depth += 1 }
      if scalar == ")" {
        depth -= 1
        if depth == 0 { return String(inner) }
      }
      inner.append(scalar)
    }
    return nil
  }
}
