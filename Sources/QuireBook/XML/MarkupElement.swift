/// An attribute of a parsed markup element.
package struct MarkupAttribute: Hashable, Sendable {
  /// Local name, e.g. "type" for `epub:type`.
  package var localName: String
  /// The prefix as written, e.g. "epub"; nil when none (HTML parsing keeps "epub:type"
  /// as the local name instead).
  package var prefix: String?
  package var namespace: String?
  package var value: String

  /// The name as written: "prefix:local" or "local".
  package var qualifiedName: String {
    if let prefix { return "\(prefix):\(localName)" }
    return localName
  }
}

/// A node of a parsed document: an element or a run of character data.
package enum MarkupNode: Hashable, Sendable {
  case element(MarkupElement)
  case text(String)
}

/// An element of a parsed XML or HTML document, as a plain Swift value.
///
/// libxml2's tree never leaves `MarkupParser`; everything above works on these values.
package struct MarkupElement: Hashable, Sendable {
  /// Local name; lower-cased when the document was recovered by the HTML parser.
  package var name: String
  package var namespace: String?
  package var attributes: [MarkupAttribute]
  package var children: [MarkupNode]

  package init(
    name: String, namespace: String? = nil, attributes: [MarkupAttribute] = [],
    children: [MarkupNode] = []
  ) {
    self.name = name
    self.namespace = namespace
    self.attributes = attributes
    self.children = children
  }

  /// The value of the attribute whose qualified or local name is `name`
  /// (`attribute("epub:type")` finds it whether parsed as XML or as HTML).
  package func attribute(_ name: String) -> String? {
    for attribute in attributes where attribute.qualifiedName == name {
      return attribute.value
    }
    if !name.contains(":") { return nil }
    let local = name.split(separator: ":", maxSplits: 1).last.map(String.init) ?? name
    return attributes.first { $0.localName == local && $0.prefix != nil }?.value
  }

  /// The value of the attribute `localName` in `namespace` (or unprefixed when nil).
  package func attribute(localName: String, namespace: String?) -> String? {
    attributes.first { $0.localName == localName && $0.namespace == namespace }?.value
  }

  /// The element children, in order.
  package var elements: [MarkupElement] {
    children.compactMap {
      if case .element(let element) = $0 { return element }
      return nil
    }
  }

  /// The first child element named `name`.
  package func firstChild(_ name: String) -> MarkupElement? {
    for case .element(let element) in children where element.name == name {
      return element
    }
    return nil
  }

  /// Child elements named `name`.
  package func children(named name: String) -> [MarkupElement] {
    elements.filter { $0.name == name }
  }

  /// The first element named `name` in depth-first document order, self included.
  package func firstDescendant(_ name: String) -> MarkupElement? {
    firstDescendant { $0.name == name }
  }

  /// The first element matching `predicate` in depth-first document order, self included.
  package func firstDescendant(where predicate: (MarkupElement) -> Bool) -> MarkupElement? {
    if predicate(self) { return self }
    for child in elements {
      if let found = child.firstDescendant(where: predicate) { return found }
    }
    return nil
  }

  /// All elements matching `predicate` in depth-first document order, self included.
  package func descendants(where predicate: (MarkupElement) -> Bool) -> [MarkupElement] {
    var found: [MarkupElement] = []
    collect(where: predicate, into: &found)
    return found
  }

  private func collect(where predicate: (MarkupElement) -> Bool, into found: inout [MarkupElement])
  {
    if predicate(self) { found.append(self) }
    for child in elements { child.collect(where: predicate, into: &found) }
  }

  /// The concatenated character data of the element and its descendants.
  package var textContent: String {
    var text = ""
    appendText(to: &text)
    return text
  }

  /// The UTF-16 length of `textContent`, counted without building it.
  package var textContentUTF16Count: Int {
    var count = 0
    for child in children {
      switch child {
      case .text(let string): count += Self.utf16Count(of: string)
      case .element(let element): count += element.textContentUTF16Count
      }
    }
    return count
  }

  /// `text.utf16.count`, counted on its UTF-8 bytes eight at a time: the string's own
  /// count builds an index (breadcrumbs) for a long non-ASCII text first.
  static func utf16Count(of text: String) -> Int {
    var text = text
    return text.withUTF8 { TextBytes.utf16Count($0, 0, $0.count) }
  }

  private func appendText(to text: inout String) {
    for child in children {
      switch child {
      case .text(let string): text += string
      case .element(let element): element.appendText(to: &text)
      }
    }
  }
}
