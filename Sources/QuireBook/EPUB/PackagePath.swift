/// Paths inside an EPUB package: "/"-separated, relative to the container root.
package enum PackagePath {
  /// Resolves `reference` (an href as written in a document at `base`) to a package path
  /// plus fragment, e.g. ("../Text/ch2.xhtml#n3", base "OEBPS/Styles/a.css") →
  /// "OEBPS/Text/ch2.xhtml#n3". Percent-escapes are decoded.
  ///
  /// Returns nil for references that leave the package ("../" past the root), absolute
  /// paths, and URLs with a scheme (those are external links, see `isExternal`).
  package static func resolve(_ reference: String, against base: String) -> String? {
    if isExternal(reference) || reference.utf8.first == UInt8(ascii: "/") { return nil }
    // Split on UTF-8 bytes: every separator is ASCII, and Character-wise splitting costs
    // more than the rest of opening a book with hundreds of chapters.
    let parts = reference.utf8.split(
      separator: UInt8(ascii: "#"), maxSplits: 1, omittingEmptySubsequences: false)
    let pathPart =
      parts[0].split(separator: UInt8(ascii: "?"), maxSplits: 1).first.map(string) ?? ""
    let fragment = parts.count > 1 ? "#" + string(parts[1]) : ""
    if pathPart.isEmpty {
      return base.utf8.split(separator: UInt8(ascii: "#")).first.map(string)! + fragment
    }
    var components = base.utf8.split(separator: UInt8(ascii: "/")).map(string)
    if !components.isEmpty { components.removeLast() }  // the base document's own name
    for component in percentDecoded(pathPart).utf8.split(separator: UInt8(ascii: "/")) {
      if component.elementsEqual(".".utf8) { continue }
      if component.elementsEqual("..".utf8) {
        if components.isEmpty { return nil }
        components.removeLast()
      } else {
        components.append(string(component))
      }
    }
    return components.joined(separator: "/") + fragment
  }

  private static func string(_ bytes: Substring.UTF8View) -> String {
    String(Substring(bytes))
  }

  /// True for references with a URL scheme ("https:", "mailto:", "javascript:", …).
  package static func isExternal(_ reference: String) -> Bool {
    guard reference.utf8.contains(UInt8(ascii: ":")), let colon = reference.firstIndex(of: ":")
    else { return false }
    let scheme = reference[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
    return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// True for a safe entry name: relative, no "..", no backslash, no NUL.
  package static func isSafeEntryName(_ name: String) -> Bool {
    // Byte tests: `String.contains(String)` goes through Foundation, slow on every href.
    if name.isEmpty || name.hasPrefix("/") || name.utf8.contains(UInt8(ascii: "\\"))
      || name.utf8.contains(0)
    {
      return false
    }
    return !name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
  }

  /// Decodes %XX escapes; invalid escapes are kept as written.
  package static func percentDecoded(_ string: String) -> String {
    guard string.utf8.contains(UInt8(ascii: "%")) else { return string }
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
