/// What selector matching needs to know about one element: its name, id, classes,
/// attributes, and its position among its element siblings.
struct CSSElementInfo: Sendable {
  /// Lower-cased local name.
  var name: String
  var id: String?
  var classes: [Substring]
  var attributes: [MarkupAttribute]
  /// 0-based position among the parent's element children.
  var index: Int
  var siblingCount: Int
  /// 0-based position among the parent's element children with the same name.
  var typeIndex: Int
  var typeCount: Int

  /// Describes `element`, the `index`th of `siblingCount` element children of its parent.
  init(
    _ element: MarkupElement, name: String, index: Int, siblingCount: Int, typeIndex: Int,
    typeCount: Int
  ) {
    self.name = name
    self.attributes = element.attributes
    self.id = element.value(of: "id")
    self.classes = element.value(of: "class").map { $0.split(whereSeparator: \.isWhitespace) } ?? []
    self.index = index
    self.siblingCount = siblingCount
    self.typeIndex = typeIndex
    self.typeCount = typeCount
  }

  /// An attribute's value by local name and prefix (see `MarkupElement.value(of:prefix:)`).
  func attribute(_ localName: String, prefix: String?) -> String? {
    attributes.value(of: localName, prefix: prefix)
  }
}

/// The element being styled, its ancestors, and the element siblings before each of them.
struct CSSMatchContext: Sendable {
  /// Root first, the element being styled last.
  var ancestors: [CSSElementInfo] = []
  /// `previousSiblings[level]`: the element siblings before `ancestors[level]`, in order.
  var previousSiblings: [[CSSElementInfo]] = []
  /// The keys of every element in `ancestors` except the innermost.
  private(set) var ancestorFilter = CSSAncestorFilter()
  private var filterKeys: [[Int]] = []

  /// Enters a child element whose previous siblings are `siblings`.
  mutating func push(_ info: CSSElementInfo, previousSiblings siblings: [CSSElementInfo]) {
    if let parent = ancestors.last {
      let keys = CSSAncestorFilter.keys(of: parent)
      ancestorFilter.insert(keys)
      filterKeys.append(keys)
    }
    ancestors.append(info)
    previousSiblings.append(siblings)
  }

  /// Leaves the innermost element.
  mutating func pop() {
    ancestors.removeLast()
    previousSiblings.removeLast()
    if !ancestors.isEmpty { ancestorFilter.remove(filterKeys.removeLast()) }
  }
}
