/// Shaping results per (text, face, features, direction): each word is shaped once per book.
///
/// Results are in ems, so one entry serves every size of the face. Lookups hash the
/// word's UTF-16 slice in place (`WordTable`): no allocation unless the word is new.
/// The cache is bounded: past `capacity` entries it starts afresh (pathological inputs
/// such as 5 MB of random letters must not grow memory without limit).
package struct ShapeCache {
  private var table: WordTable
  private var words: [ShapedWord] = []
  private let capacity: Int
  /// Lookups answered from the cache.
  package private(set) var hits = 0
  /// Lookups that needed shaping.
  package private(set) var misses = 0

  /// Creates an empty cache holding at most `capacity` words.
  package init(capacity: Int = 200_000) {
    self.capacity = capacity
    table = WordTable(capacity: min(capacity, 4096))
  }

  /// Hits ÷ lookups, 0 before any lookup.
  package var hitRate: Double {
    hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses)
  }

  /// The shaped word for `text` in `font` with `features`; `shape` runs on a miss.
  package mutating func word(
    for text: ArraySlice<UInt16>, font: Int, features: UInt8, isRightToLeft: Bool = false,
    shape: (UnsafeBufferPointer<UInt16>) -> ShapedWord
  ) -> ShapedWord {
    let tag =
      UInt32(truncatingIfNeeded: font) << 9 | UInt32(features) << 1
      | (isRightToLeft ? 1 : 0)
    return text.withUnsafeBufferPointer { buffer in
      if let found = table.find(buffer, tag: tag) {
        hits += 1
        return words[found]
      }
      misses += 1
      let word = shape(buffer)
      if table.count >= capacity {
        table.removeAll()
        words.removeAll(keepingCapacity: true)
      }
      if let slot = table.findOrInsert(buffer, tag: tag), slot.inserted {
        words.append(word)
      }
      return word
    }
  }
}
