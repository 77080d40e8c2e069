import CLibXML2

/// Parses XML and (recovering) HTML with libxml2 into `MarkupElement` values.
///
/// Safe for hostile input: no network (`XML_PARSE_NONET`), no DTD loading, no entity
/// substitution by libxml2, and element nesting deeper than `maxDepth` is cut off
/// (libxml2 itself stops parsing at 256 levels; that is reported as cut off too).
/// Entities the document declares itself (`<!ENTITY mdash "&#8212;">`) are expanded here,
/// from the parsed declaration, with a budget: at most `maxEntityDepth` levels of
/// entities inside entities and `maxEntityText` bytes of text from entities in all (so
/// billion laughs cannot grow), never an external entity; what is not expanded is
/// reported in the result, never dropped silently.
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
    /// The entities whose text was left out, with why ("ext: an external entity"), sorted.
    package var skippedEntities: [String] = []
  }

  /// The deepest an entity may be expanded inside another.
  package static let maxEntityDepth = 8
  /// The most text, in bytes, that entities may add to one document.
  package static let maxEntityText = 2 << 20

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
      return Result(
        root: root.element, recovered: false, truncatedDepth: root.truncated,
        skippedEntities: root.skippedEntities)
    }
    if mode == .xmlRecovering {
      guard let root = parseXML(bytes, maxDepth: maxDepth, recovering: true) else {
        throw BookError(
          .malformedDocument, path: path, entry: entry, "the XML is not well formed")
      }
      return Result(
        root: root.element, recovered: true, truncatedDepth: root.truncated,
        skippedEntities: root.skippedEntities)
    }
    guard mode == .xhtmlRecovering,
      let root = parseHTML(withoutInternalSubset(bytes), maxDepth: maxDepth)
    else {
      throw BookError(.malformedDocument, path: path, entry: entry, "the XML is not well formed")
    }
    return Result(
      root: root.element, recovered: true, truncatedDepth: root.truncated,
      skippedEntities: root.skippedEntities)
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

  private static func parseXML(_ bytes: [UInt8], maxDepth: Int, recovering: Bool = false)
    -> Converted?
  {
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

  private static func parseHTML(_ bytes: [UInt8], maxDepth: Int) -> Converted? {
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
  /// A converted tree and what was left out of it.
  private struct Converted {
    var element: MarkupElement
    var truncated: Bool
    var skippedEntities: [String]
  }

  private static func convert(
    _ document: xmlDocPtr?, context: xmlParserCtxtPtr, maxDepth: Int, lowercaseNames: Bool
  ) -> Converted? {
    guard let document else { return nil }
    defer { xmlFreeDoc(document) }
    guard let root = xmlDocGetRootElement(document) else { return nil }
    var converter = TreeConverter(maxDepth: maxDepth, lowercaseNames: lowercaseNames)
    let element = converter.element(root, depth: 0)
    return Converted(
      element: element, truncated: converter.truncated || haltedForDepth(context),
      skippedEntities: converter.skippedEntities.sorted())
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

/// Copies a libxml2 tree into `MarkupElement` values, bounded in depth, expanding the
/// document's own entities within `MarkupParser`'s budget.
private struct TreeConverter {
  let maxDepth: Int
  let lowercaseNames: Bool
  var truncated = false
  /// "name: why" for each entity left out.
  var skippedEntities: Set<String> = []
  /// The bytes of text entities have added so far.
  var entityText = 0

  init(maxDepth: Int, lowercaseNames: Bool) {
    self.maxDepth = maxDepth
    self.lowercaseNames = lowercaseNames
  }

  /// - Parameter entities: how many entities deep the element is (0 in the document).
  mutating func element(_ node: xmlNodePtr, depth: Int, entities: Int = 0) -> MarkupElement {
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
    appendChildren(
      startingAt: node.pointee.children, to: &result, depth: depth, entities: entities)
    return result
  }

  /// Appends the nodes from `first` on: elements, text (merged with text before it), and
  /// the content of entity references; comments and processing instructions are dropped.
  private mutating func appendChildren(
    startingAt first: xmlNodePtr?, to result: inout MarkupElement, depth: Int, entities: Int
  ) {
    var child = first
    while let current = child {
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        // An element from an entity counts against the budget as its tags would.
        if entities > 0 {
          entityText += 2 * (string(current.pointee.name)?.utf8.count ?? 0) + 5
          guard entityText <= MarkupParser.maxEntityText else {
            skippedEntities.insert(
              "entities past \(MarkupParser.maxEntityText >> 20) MB of text in all")
            break
          }
        }
        result.children.append(
          .element(element(current, depth: depth + 1, entities: entities)))
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let text = string(current.pointee.content), !text.isEmpty {
          if entities > 0 {
            entityText += text.utf8.count
            guard entityText <= MarkupParser.maxEntityText else {
              skippedEntities.insert(
                "entities past \(MarkupParser.maxEntityText >> 20) MB of text in all")
              break
            }
          }
          appendText(text, to: &result)
        }
      case XML_ENTITY_REF_NODE:
        appendEntity(current, to: &result, depth: depth, entities: entities)
      default:
        break  // comments, processing instructions: dropped
      }
      child = current.pointee.next
    }
  }

  /// The content of an entity reference, when it is one of the document's own text
  /// entities and the budget allows.
  private mutating func appendEntity(
    _ reference: xmlNodePtr, to result: inout MarkupElement, depth: Int, entities: Int
  ) {
    // Past the budget every further reference ends here at once.
    guard entityText <= MarkupParser.maxEntityText else { return }
    let name = string(reference.pointee.name) ?? "?"
    guard let declaration = reference.pointee.children,
      declaration.pointee.type == XML_ENTITY_DECL
    else {
      skippedEntities.insert("\(name): not declared")
      return
    }
    let entity = UnsafeMutableRawPointer(declaration).assumingMemoryBound(to: xmlEntity.self)
    guard entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY else {
      skippedEntities.insert("\(name): an external entity, never read")
      return
    }
    guard entities < MarkupParser.maxEntityDepth else {
      skippedEntities.insert(
        "\(name): entities nested more than \(MarkupParser.maxEntityDepth) deep")
      return
    }
    if let parsed = entity.pointee.children {
      appendChildren(startingAt: parsed, to: &result, depth: depth, entities: entities + 1)
    } else if let content = string(entity.pointee.content), !content.contains("<"),
      !content.contains("&")
    {
      entityText += content.utf8.count
      guard entityText <= MarkupParser.maxEntityText else {
        skippedEntities.insert(
          "entities past \(MarkupParser.maxEntityText >> 20) MB of text in all")
        return
      }
      appendText(content, to: &result)
    } else if entity.pointee.length > 0 {
      skippedEntities.insert("\(name): its content could not be read")
    }
  }

  private func appendText(_ text: String, to result: inout MarkupElement) {
    if case .text(let previous) = result.children.last {
      result.children[result.children.count - 1] = .text(previous + text)
    } else {
      result.children.append(.text(text))
    }
  }

  private func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
  }
}
