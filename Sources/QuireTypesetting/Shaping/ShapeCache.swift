/// Shaping results per (text, face, features, direction): each word is shaped once per book.
///
/// Results are in ems, so one entry serves every size of the face. The cache is bounded:
/// past `capacity` entries it starts afresh (pathological inputs such as 5 MB of random
/// letters must not grow memory without limit).
package struct ShapeCache {
  package struct Key: Hashable {
    var text: [UInt16]
    var font: Int
    var features: UInt8
    var isRightToLeft: Bool
  }

  private var entries: [Key: ShapedWord] = [:]
  private let capacity: Int
  /// Lookups answered from the cache.
  package private(set) var hits = 0
  /// Lookups that needed shaping.
  package private(set) var misses = 0

  package init(capacity: Int = 200_000) {
    self.capacity = capacity
  }

  /// Hits ÷ lookups, 0 before any lookup.
  package var hitRate: Double {
    hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses)
  }

  package mutating func word(for key: Key, shape: () -> ShapedWord) -> ShapedWord {
    if let word = entries[key] {
      hits += 1
      return word
    }
    misses += 1
    let word = shape()
    if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
    entries[key] = word
    return word
  }
}
