extension CSSSelector {
  /// Most steps one match may take before giving up: hostile selectors such as
  /// `a b c d e f g` on a 256-deep tree cannot make matching exponential.
  static let matchBudget = 4_096

  /// Whether the selector matches the innermost element of `context`.
  func matches(_ context: CSSMatchContext) -> Bool {
    guard !context.ancestors.isEmpty else { return false }
    var budget = Self.matchBudget
    return matches(
      compoundAt: compounds.count - 1, position: Position(level: context.ancestors.count - 1),
      context, budget: &budget)
  }

  /// An element in the context: an ancestor, or one of the siblings before it.
  private struct Position {
    var level: Int
    var sibling: Int?

    func info(_ context: CSSMatchContext) -> CSSElementInfo {
      if let sibling { return context.previousSiblings[level][sibling] }
      return context.ancestors[level]
    }

    var parent: Position? { level > 0 ? Position(level: level - 1) : nil }

    func previous(_ context: CSSMatchContext) -> Position? {
      let siblings = context.previousSiblings[level]
      let index = (sibling ?? siblings.count) - 1
      return index >= 0 ? Position(level: level, sibling: index) : nil
    }
  }

  private func matches(
    compoundAt index: Int, position: Position, _ context: CSSMatchContext, budget: inout Int
  ) -> Bool {
    budget -= 1
    guard budget > 0, compounds[index].matches(position.info(context), level: position.level)
    else { return false }
    if index == 0 { return true }
    switch combinators[index - 1] {
    case .child:
      guard let parent = position.parent else { return false }
      return matches(compoundAt: index - 1, position: parent, context, budget: &budget)
    case .descendant:
      var ancestor = position.parent
      while let current = ancestor, budget > 0 {
        if matches(compoundAt: index - 1, position: current, context, budget: &budget) {
          return true
        }
        ancestor = current.parent
      }
      return false
    case .nextSibling:
      guard let previous = position.previous(context) else { return false }
      return matches(compoundAt: index - 1, position: previous, context, budget: &budget)
    case .subsequentSibling:
      var sibling = position.previous(context)
      while let current = sibling, budget > 0 {
        if matches(compoundAt: index - 1, position: current, context, budget: &budget) {
          return true
        }
        sibling = current.previous(context)
      }
      return false
    }
  }
}

extension CSSSelector.Compound {
  /// Whether this compound matches `info` (at depth `level`; 0 is the root).
  func matches(_ info: CSSElementInfo, level: Int) -> Bool {
    if neverMatches { return false }
    if let tag, tag != info.name { return false }
    if let id, id != info.id { return false }
    for name in classes where !info.classes.contains(where: { $0 == name }) { return false }
    for condition in attributes where !condition.matches(info) { return false }
    for pseudo in pseudoClasses where !pseudo.matches(info, level: level) { return false }
    return true
  }
}

extension CSSSelector.AttributeCondition {
  func matches(_ info: CSSElementInfo) -> Bool {
    guard let actual = info.attribute(name, prefix: prefix) else { return false }
    switch match {
    case .exists: return true
    case .equals: return actual == value
    case .includesWord: return Self.containsWord(value, in: actual)
    case .dashPrefix: return actual == value || actual.hasPrefix(value + "-")
    case .prefix: return !value.isEmpty && actual.hasPrefix(value)
    case .suffix: return !value.isEmpty && actual.hasSuffix(value)
    case .substring: return !value.isEmpty && actual.contains(value)
    }
  }
}

extension CSSSelector.AttributeCondition {
  /// Whether the whitespace-separated list `list` contains `word`, without splitting it.
  static func containsWord(_ word: String, in list: String) -> Bool {
    let listBytes = list.utf8
    let wordBytes = word.utf8
    guard !wordBytes.isEmpty, listBytes.count >= wordBytes.count else { return false }
    var start = listBytes.startIndex
    while start < listBytes.endIndex {
      var end = start
      while end < listBytes.endIndex && !Self.isSpace(listBytes[end]) {
        end = listBytes.index(after: end)
      }
      if listBytes[start..<end].elementsEqual(wordBytes) { return true }
      start = end
      while start < listBytes.endIndex && Self.isSpace(listBytes[start]) {
        start = listBytes.index(after: start)
      }
    }
    return false
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }
}

extension CSSSelector.PseudoClass {
  func matches(_ info: CSSElementInfo, level: Int) -> Bool {
    switch self {
    case .nth(let a, let b, let ofType, let fromEnd):
      let count = ofType ? info.typeCount : info.siblingCount
      let index = ofType ? info.typeIndex : info.index
      let position = fromEnd ? count - index : index + 1
      if a == 0 { return position == b }
      let steps = position - b
      return steps % a == 0 && steps / a >= 0
    case .onlyChild: return info.siblingCount == 1
    case .onlyOfType: return info.typeCount == 1
    case .root: return level == 0
    case .not(let compound): return !compound.matches(info, level: level)
    }
  }
}
