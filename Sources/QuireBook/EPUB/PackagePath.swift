/// Paths inside an EPUB package: "/"-separated, relative to the container root.
package enum PackagePath {
  /// Resolves `reference` (an href as written in a document at `base`) to a package path
  /// plus fragment, e.g. ("../Text/ch2.xhtml#n3", base "OEBPS/Styles/a.css") →
  /// "OEBPS/Text/ch2.xhtml#n3". Percent-escapes are decoded.
  ///
  /// Returns nil for references that leave the package ("../" past the root), absolute
  /// paths, and URLs with a scheme (those are external links, see `isExternal`).
  package static func resolve(_ reference: String, against base: String) -> String? {
    if isExternal(reference) || reference.hasPrefix("/") { return nil }
    let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let pathPart = String(parts[0]).split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    let fragment = parts.count > 1 ? "#" + String(parts[1]) : ""
    if pathPart.isEmpty { return base.split(separator: "#").first.map(String.init)! + fragment }
    var components = base.split(separator: "/").map(String.init)
    if !components.isEmpty { components.removeLast() }  // the base document's own name
    for component in percentDecoded(pathPart).split(separator: "/", omittingEmptySubsequences: true)
    {
      switch component {
      case ".": continue
      case "..":
        if components.isEmpty { return nil }
        components.removeLast()
      default: components.append(String(component))
      }
    }
    return components.joined(separator: "/") + fragment
  }

  /// True for references with a URL scheme ("https:", "mailto:", "javascript:", …).
  package static func isExternal(_ reference: String) -> Bool {
    guard let colon = reference.firstIndex(of: ":") else { return false }
    let scheme = reference[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
    return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// True for a safe entry name: relative, no "..", no backslash, no NUL.
  package static func isSafeEntryName(_ name: String) -> Bool {
    if name.isEmpty || name.hasPrefix("/") || name.contains("\\") || name.contains("\0") {
      return false
    }
    return !name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
  }

  /// Decodes %XX escapes; invalid escapes are kept as written.
  package static func percentDecoded(_ string: String) -> String {
    guard string.contains("%") else { return string }
    var bytes: [UInt8] = []
    var utf8 = Array(string.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
