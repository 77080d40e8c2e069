extension MarkupElement {
  /// The value of the attribute `prefix:localName` (or unprefixed `localName`), found
  /// without building qualified names: the converter's hot path. Documents recovered by
  /// the HTML parser keep "epub:type" as a local name, which is matched too.
  func value(of localName: String, prefix: String? = nil) -> String? {
    attributes.value(of: localName, prefix: prefix)
  }
}

extension [MarkupAttribute] {
  /// See `MarkupElement.value(of:prefix:)`.
  func value(of localName: String, prefix: String? = nil) -> String? {
    for attribute in self where attribute.localName == localName && attribute.prefix == prefix {
      return attribute.value
    }
    guard let prefix else { return nil }
    let qualified = "\(prefix):\(localName)"
    for attribute in self where attribute.prefix == nil && attribute.localName == qualified {
      return attribute.value
    }
    return nil
  }
}
