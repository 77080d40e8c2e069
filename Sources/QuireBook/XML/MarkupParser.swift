import CLibXML2

/// Parses XML and (recovering) HTML with libxml2 into `MarkupElement` values.
///
/// Safe for hostile input: no network (`XML_PARSE_NONET`), no DTD loading, no entity
/// substitution (entity references that are not predefined are dropped, so billion-laughs
/// expansion cannot happen), and element nesting deeper than `maxDepth` is cut off
/// (libxml2 itself stops parsing at 256 levels; that is reported as cut off too).
/// This is the only file in Quire that touches libxml2.
package enum MarkupParser {
  /// How to read the bytes.
  package enum Mode: Sendable {
    /// Well-formed XML only (container.xml, OPF, NCX); errors fail the parse.
    case xml
    /// XHTML content: strict XML first; when that fails, libxml2's HTML parser recovers
    /// what it can (tag soup, undefined entities such as `&nbsp;`, missing end tags).
    case xhtmlRecovering
    /// XML that may be broken (a FictionBook cut short by a download): strict first; when
    /// that fails, libxml2's XML parser in recovery mode keeps what it read, with element
    /// names and namespaces as written.
    case xmlRecovering
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
    if mode == .xmlRecovering {
      guard let root = parseXML(bytes, maxDepth: maxDepth, recovering: true) else {
        throw BookError(
          .malformedDocument, path: path, entry: entry, "the XML is not well formed")
      }
      return Result(root: root.element, recovered: true, truncatedDepth: root.truncated)
    }
    guard mode == .xhtmlRecovering,
      let root = parseHTML(withoutInternalSubset(bytes), maxDepth: maxDepth)
    else {
      throw BookError(.malformedDocument, path: path, entry: entry, "the XML is not well formed")
    }
    return Result(root: root.element, recovered: true, truncatedDepth: root.truncated)
  }

  /// `bytes` without the internal DTD subset (`<!DOCTYPE html [ … ]>`), if any.
  ///
  /// A document with entity declarations fails strict parsing when they are abused
  /// (billion laughs: libxml2 detects the loop), and the HTML parser does not know
  /// internal subsets: it would show the declarations as the chapter's text.
  /// - Complexity: O(n), scanning only up to the first element.
  static func withoutInternalSubset(_ bytes: [UInt8]) -> [UInt8] {
    let doctype = Array("<!DOCTYPE".utf8)
    guard let start = firstIndex(of: doctype, in: bytes, before: 4096, caseInsensitive: true)
    else { return bytes }
    var index = start + doctype.count
    while index < bytes.count && bytes[index] != UInt8(ascii: "[") {
      if bytes[index] == UInt8(ascii: ">") { return bytes }
      index += 1
    }
    let open = index
    // The subset ends at the first "]" followed (after spaces) by ">".
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "]") {
        var next = index + 1
        while next < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
        if next < bytes.count && bytes[next] == UInt8(ascii: ">") {
          return Array(bytes[..<open]) + Array(bytes[next...])
        }
      }
      index += 1
    }
    return bytes  // an unterminated subset: leave the recovery to the HTML parser
  }

  /// Where `needle` first starts in `bytes`, looking at starts before `limit` only.
  private static func firstIndex(
    of needle: [UInt8], in bytes: [UInt8], before limit: Int, caseInsensitive: Bool
  ) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    let last = min(limit, bytes.count - needle.count)
    guard last >= 0 else { return nil }
    for start in 0...last {
      var matched = true
      for (offset, expected) in needle.enumerated() {
        var byte = bytes[start + offset]
        if caseInsensitive && byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
        if byte != expected {
          matched = false
          break
        }
      }
      if matched { return start }
    }
    return nil
  }

  private static func parseXML(_ bytes: [UInt8], maxDepth: Int, recovering: Bool = false) -> (
    element: MarkupElement, truncated: Bool
  )? {
    let options = Int32(
      XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_NOCDATA.rawValue | (recovering ? XML_PARSE_RECOVER.rawValue : 0))
    guard let context = xmlNewParserCtxt() else { return nil }
    defer { xmlFreeParserCtxt(context) }
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        xmlCtxtReadMemory(context, $0, Int32(buffer.count), nil, nil, options)
      }
    }
    return convert(document, context: context, maxDepth: maxDepth, lowercaseNames: false)
  }

  private static func parseHTML(_ bytes: [UInt8], maxDepth: Int) -> (
    element: MarkupElement, truncated: Bool
  )? {
    let options = Int32(
      HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue)
    guard let context = htmlNewParserCtxt() else { return nil }
    defer { htmlFreeParserCtxt(context) }
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        htmlCtxtReadMemory(context, $0, Int32(buffer.count), nil, "UTF-8", options)
      }
    }
    return convert(document, context: context, maxDepth: maxDepth, lowercaseNames: true)
  }

  /// Copies the parsed tree and frees it. The result counts as cut short when libxml2
  /// itself stopped at its own nesting limit (256 levels): it halts the whole parse there
  /// and keeps only what came before, so the rest of the document is missing too.
  private static func convert(
    _ document: xmlDocPtr?, context: xmlParserCtxtPtr, maxDepth: Int, lowercaseNames: Bool
  ) -> (element: MarkupElement, truncated: Bool)? {
    guard let document else { return nil }
    defer { xmlFreeDoc(document) }
    guard let root = xmlDocGetRootElement(document) else { return nil }
    var converter = TreeConverter(maxDepth: maxDepth, lowercaseNames: lowercaseNames)
    let element = converter.element(root, depth: 0)
    return (element, converter.truncated || haltedForDepth(context))
  }

  /// Whether the parse ended on libxml2's "Excessive depth in document" error.
  private static func haltedForDepth(_ context: xmlParserCtxtPtr) -> Bool {
    guard let error = xmlCtxtGetLastError(context),
      error.pointee.code == Int32(XML_ERR_INTERNAL_ERROR.rawValue),
      let message = error.pointee.message
    else { return false }
    return String(cString: message).contains("depth")
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
