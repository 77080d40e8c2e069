import CLibXML2

/// Parses XML and (recovering) HTML with libxml2 into `MarkupElement` values.
///
/// Safe for hostile input: no network (`XML_PARSE_NONET`), no DTD loading, no entity
/// substitution (entity references that are not predefined are dropped, so billion-laughs
/// expansion cannot happen), and element nesting deeper than `maxDepth` is cut off.
/// This is the only file in Quire that touches libxml2.
package enum MarkupParser {
  /// How to read the bytes.
  package enum Mode: Sendable {
    /// Well-formed XML only (container.xml, OPF, NCX); errors fail the parse.
    case xml
    /// XHTML content: strict XML first; when that fails, libxml2's HTML parser recovers
    /// what it can (tag soup, undefined entities such as `&nbsp;`, missing end tags).
    case xhtmlRecovering
  }

  /// The result of a parse.
  package struct Result: Sendable {
    package var root: MarkupElement
    /// True when strict XML failed and the HTML parser recovered the document.
    package var recovered: Bool
    /// True when elements deeper than the limit were dropped.
    package var truncatedDepth: Bool
  }

  /// Parses `bytes`; `path` and `entry` name the document in errors.
  package static func parse(
    _ bytes: [UInt8], mode: Mode, path: String, entry: String, maxDepth: Int = 256
  ) throws -> Result {
    if bytes.isEmpty {
      throw BookError(.malformedDocument, path: path, entry: entry, "the document is empty")
    }
    guard bytes.count < Int(Int32.max) else {
      throw BookError(.limitExceeded, path: path, entry: entry, "the document is too large")
    }
    if let root = parseXML(bytes, maxDepth: maxDepth) {
      return Result(root: root.element, recovered: false, truncatedDepth: root.truncated)
    }
    guard mode == .xhtmlRecovering, let root = parseHTML(bytes, maxDepth: maxDepth) else {
      throw BookError(.malformedDocument, path: path, entry: entry, "the XML is not well formed")
    }
    return Result(root: root.element, recovered: true, truncatedDepth: root.truncated)
  }

  private static func parseXML(_ bytes: [UInt8], maxDepth: Int) -> (
    element: MarkupElement, truncated: Bool
  )? {
    let options = Int32(
      XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_NOCDATA.rawValue)
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        xmlReadMemory($0, Int32(buffer.count), nil, nil, options)
      }
    }
    guard let document else { return nil }
    defer { xmlFreeDoc(document) }
    guard let root = xmlDocGetRootElement(document) else { return nil }
    var converter = TreeConverter(maxDepth: maxDepth, lowercaseNames: false)
    let element = converter.element(root, depth: 0)
    return (element, converter.truncated)
  }

  private static func parseHTML(_ bytes: [UInt8], maxDepth: Int) -> (
    element: MarkupElement, truncated: Bool
  )? {
    let options = Int32(
      HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue)
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        htmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
      }
    }
    guard let document else { return nil }
    defer { xmlFreeDoc(document) }
    guard let root = xmlDocGetRootElement(document) else { return nil }
    var converter = TreeConverter(maxDepth: maxDepth, lowercaseNames: true)
    let element = converter.element(root, depth: 0)
    return (element, converter.truncated)
  }
}

/// Copies a libxml2 tree into `MarkupElement` values, bounded in depth.
private struct TreeConverter {
  let maxDepth: Int
  let lowercaseNames: Bool
  var truncated = false

  init(maxDepth: Int, lowercaseNames: Bool) {
    self.maxDepth = maxDepth
    self.lowercaseNames = lowercaseNames
  }

  mutating func element(_ node: xmlNodePtr, depth: Int) -> MarkupElement {
    var name = string(node.pointee.name) ?? ""
    if lowercaseNames { name = name.lowercased() }
    var result = MarkupElement(name: name, namespace: string(node.pointee.ns?.pointee.href))
    var attribute = node.pointee.properties
    while let current = attribute {
      let value = current.pointee.children.flatMap { string($0.pointee.content) } ?? ""
      let namespace = current.pointee.ns
      var localName = string(current.pointee.name) ?? ""
      if lowercaseNames { localName = localName.lowercased() }
      result.attributes.append(
        MarkupAttribute(
          localName: localName, prefix: string(namespace?.pointee.prefix),
          namespace: string(namespace?.pointee.href), value: value))
      attribute = current.pointee.next
    }
    guard depth < maxDepth else {
      if node.pointee.children != nil { truncated = true }
      return result
    }
    var child = node.pointee.children
    while let current = child {
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        result.children.append(.element(element(current, depth: depth + 1)))
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let text = string(current.pointee.content), !text.isEmpty {
          if case .text(let previous) = result.children.last {
            result.children[result.children.count - 1] = .text(previous + text)
          } else {
            result.children.append(.text(text))
          }
        }
      default:
        break  // comments, processing instructions, entity references: dropped
      }
      child = current.pointee.next
    }
    return result
  }

  private func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
  }
}
