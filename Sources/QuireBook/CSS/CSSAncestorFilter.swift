/// A counting Bloom filter of the tags, ids and classes of an element's ancestors.
///
/// Selectors such as `.c7 p span` need `.c7` and `p` among the ancestors; when the filter
/// says one is certainly absent, the selector is rejected without walking the tree (the
/// technique browsers use). False positives only cost a full match.
struct CSSAncestorFilter: Sendable {
  private static let size = 4_096
  private var counts = [UInt16](repeating: 0, count: size)

  /// The filter key of an element name.
  static func key(tag: String) -> Int { key(0, tag) }
  /// The filter key of an id.
  static func key(id: String) -> Int { key(1, id) }
  /// The filter key of a class name.
  static func key(class name: String) -> Int { key(2, name) }

  private static func key(_ kind: Int, _ value: String) -> Int {
    var hasher = Hasher()
    hasher.combine(kind)
    hasher.combine(value)
    return Int(UInt(bitPattern: hasher.finalize()) % UInt(size))
  }

  /// The keys of an element.
  static func keys(of info: CSSElementInfo) -> [Int] {
    var keys = [key(tag: info.name)]
    if let id = info.id { keys.append(key(id: id)) }
    for name in info.classes { keys.append(key(class: String(name))) }
    return keys
  }

  /// The keys a selector needs among the ancestors of its subject: those of compounds
  /// joined to the next by a descendant or child combinator.
  static func requiredKeys(of selector: CSSSelector) -> [Int] {
    var keys: [Int] = []
    for (index, combinator) in selector.combinators.enumerated()
    where combinator == .descendant || combinator == .child {
      let compound = selector.compounds[index]
      if let tag = compound.tag { keys.append(key(tag: tag)) }
      if let id = compound.id { keys.append(key(id: id)) }
      for name in compound.classes { keys.append(key(class: name)) }
    }
    return keys
  }

  mutating func insert(_ keys: [Int]) {
    for key in keys where counts[key] < UInt16.max { counts[key] += 1 }
  }

  mutating func remove(_ keys: [Int]) {
    for key in keys where counts[key] > 0 { counts[key] -= 1 }
  }

  /// False when some key is certainly not among the ancestors.
  func mayContain(all keys: [Int]) -> Bool {
    keys.allSatisfy { counts[$0] > 0 }
  }
}
