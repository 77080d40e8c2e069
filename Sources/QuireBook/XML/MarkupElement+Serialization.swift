extension MarkupElement {
  /// The SVG namespace, given to an inline `<svg>` that is written out on its own.
  static let svgNamespace = "http://www.w3.org/2000/svg"
  static let xlinkNamespace = "http://www.w3.org/1999/xlink"

  /// The element written as a standalone XML document, or nil when it would be longer
  /// than `limit` bytes.
  ///
  /// For an inline `<svg>` taken out of its XHTML page: the root gets the SVG namespace
  /// (and `xmlns:xlink` when an attribute uses the prefix), since a recovered HTML tree
  /// and libxml2's namespace declarations do not travel with the element.
  package func standaloneXML(limit: Int) -> String? {
    var output = ""
    var declarations = " xmlns=\"\(Self.svgNamespace)\""
    if usesXLink { declarations += " xmlns:xlink=\"\(Self.xlinkNamespace)\"" }
    guard write(into: &output, rootDeclarations: declarations, limit: limit) else { return nil }
    return output
  }

  /// The element written as an XHTML document (the XHTML namespace on the root), or nil
  /// when it would be longer than `limit` bytes: the bytes of a page an importer rebuilt
  /// from other markup (an old Mobipocket book split at its page breaks).
  package func xhtmlDocument(limit: Int) -> String? {
    var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    let declarations = " xmlns=\"http://www.w3.org/1999/xhtml\""
    guard write(into: &output, rootDeclarations: declarations, limit: limit) else { return nil }
    return output
  }

  private var usesXLink: Bool {
    attributes.contains { $0.prefix == "xlink" } || elements.contains { $0.usesXLink }
  }

  /// Appends the element; false once `output` passes `limit` bytes.
  private func write(into output: inout String, rootDeclarations: String?, limit: Int) -> Bool {
    output += "<" + name
    if let rootDeclarations { output += rootDeclarations }
    for attribute in attributes where attribute.prefix != "xmlns" && attribute.localName != "xmlns"
    {
      output += " \(attribute.qualifiedName)=\"\(Self.escaped(attribute.value, quotes: true))\""
    }
    if children.isEmpty {
      output += "/>"
      return output.utf8.count <= limit
    }
    output += ">"
    for child in children {
      switch child {
      case .text(let text): output += Self.escaped(text, quotes: false)
      case .element(let element):
        guard element.write(into: &output, rootDeclarations: nil, limit: limit) else {
          return false
        }
      }
      if output.utf8.count > limit { return false }
    }
    output += "</\(name)>"
    return output.utf8.count <= limit
  }

  private static func escaped(_ text: String, quotes: Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
