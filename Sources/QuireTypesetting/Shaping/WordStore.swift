/// Every distinct word of a book, shaped once, with its hyphenation points: one lookup
/// per word gives all that line building needs.
///
/// A word is keyed by its UTF-16 text and a tag (face, OpenType features, hyphenation
/// dictionary). The table is built for the memory system, since a lookup's cost is
/// mostly cache misses: an open-addressed index of 8-byte slots (hash and entry number,
/// linear probing, at most half full) points into entries kept densely in first-seen
/// order, so the common words, met early, share a few cache lines. A word of one code
/// unit (every ideograph of a Chinese book) skips hashing: a direct table per tag maps
/// the unit to its entry. Glyphs and segments of all words sit in flat arrays, so a word
/// is read without chasing references and nothing is retained or released per word.
/// Results are in ems: one entry serves every size.
///
/// Indices handed out stay valid until `beginParagraph()` finds the store past its
/// capacity and empties it, which happens only between paragraphs (pathological inputs
/// such as 5 MB of random letters must not grow memory without limit).
/// Not thread-safe, like the glyph source that owns it; its arrays opt out of dynamic
/// exclusivity checks (no method hands out a reference that could overlap an access).
package final class WordStore {
  private struct Entry {
    /// The text's first eight code units, packed: most words compare without `storage`.
    var packed: (UInt64, UInt64)
    var tag: UInt32
    /// Offset of the text in `storage` when longer than eight units.
    var textStart: Int32
    var word: StoredWord
  }

  /// Per slot, the entry's hash in the high half and its number + 1 in the low half
  /// (0 = empty); a power of two long.
  @exclusivity(unchecked) private var slots: [UInt64]
  @exclusivity(unchecked) private var entries: [Entry] = []
  @exclusivity(unchecked) private var storage: [UInt16] = []
  /// Entry number + 1 of each one-unit word (0 = not yet), for `singleTag`; the tables
  /// of other tags wait in `singleTables`.
  @exclusivity(unchecked) private var singles: [Int32] = []
  @exclusivity(unchecked) private var singleTag: UInt32?
  private var singleTables: [UInt32: [Int32]] = [:]
  /// Glyphs of every stored word, word after word.
  @exclusivity(unchecked) package private(set) var glyphs: [StoredGlyph] = []
  /// Segments of hyphenated words.
  @exclusivity(unchecked) package private(set) var segments: [WordSegment] = []
  /// Words stored.
  package var count: Int { entries.count }
  private let capacity: Int
  /// The hyphen glyph of each face used so far, by face.
  private var hyphens: [Int: StoredWord] = [:]
  /// Hyphenation dictionaries seen, by identity: their number goes into the tag.
  private var dictionaries: [ObjectIdentifier: UInt32] = [:]
  /// Lookups answered without shaping.
  @exclusivity(unchecked) package private(set) var hits = 0
  /// Lookups that needed shaping.
  @exclusivity(unchecked) package private(set) var misses = 0
  private static let maximumProbe = 64

  /// Creates an empty store for at most `capacity` words (between paragraphs).
  package init(capacity: Int = 200_000) {
    self.capacity = capacity
    slots = [UInt64](repeating: 0, count: 8192)
    entries.reserveCapacity(4096)
    glyphs.reserveCapacity(16_384)
  }

  /// Hits ÷ lookups, 0 before any lookup.
  package var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }

  /// Empties the store when past its capacity; called before a paragraph is prepared.
  package func beginParagraph() {
    guard count >= capacity else { return }
    for i in slots.indices { slots[i] = 0 }
    entries.removeAll(keepingCapacity: true)
    storage.removeAll(keepingCapacity: true)
    glyphs.removeAll(keepingCapacity: true)
    segments.removeAll(keepingCapacity: true)
    singles = []
    singleTag = nil
    singleTables.removeAll()
    hyphens.removeAll()
  }

  /// The hyphen drawn at a hyphenated break in `font`, as a one-glyph word.
  package func hyphen(font: Int, metrics: FontMetrics) -> StoredWord {
    if let word = hyphens[font] { return word }
    let word = StoredWord(
      glyphStart: Int32(glyphs.count), glyphCount: 1, segmentStart: 0, segmentCount: 0,
      width: metrics.hyphenAdvance, length: 0)
    glyphs.append(
      StoredGlyph(id: metrics.hyphenGlyph, advance: Float(metrics.hyphenAdvance), cluster: 0))
    hyphens[font] = word
    return word
  }

  /// The tag bits naming a hyphenation dictionary (0 for none), stable for the store's life.
  package func dictionaryNumber(_ hyphenator: Hyphenator?) -> UInt32 {
    guard let hyphenator else { return 0 }
    let id = ObjectIdentifier(hyphenator)
    if let number = dictionaries[id] { return number }
    let number = UInt32(dictionaries.count + 1) & 0xFF
    dictionaries[id] = number
    return number
  }

  /// The tag of a word set in `font` with `features` and hyphenated with `dictionary`.
  package static func tag(font: Int, features: UInt8, dictionary: UInt32) -> UInt32 {
    UInt32(truncatingIfNeeded: font) << 16 | UInt32(features) << 8 | dictionary
  }

  /// The stored word for `text` with `tag`; on a miss `make` appends the word's glyphs
  /// and returns its hyphenation points (UTF-16 offsets inside the word).
  ///
  /// - Complexity: O(length) on a hit; shaping on a miss.
  package func word(
    for text: UnsafeBufferPointer<UInt16>, tag: UInt32,
    make: (_ glyphs: inout [StoredGlyph]) -> [Int]
  ) -> StoredWord {
    if text.count == 1 { return single(text, tag: tag, make: make) }
    let probe = self.probe(text, tag: tag)
    if let found = probe.word {
      hits += 1
      return found
    }
    misses += 1
    let word = add(text, make: make)
    guard probe.empty >= 0 else { return word }  // a probe too long: shaped, not kept
    let number = append(text, packed: probe.packed, tag: tag, word: word)
    slots[probe.empty] = UInt64(probe.hash) << 32 | UInt64(number + 1)
    if entries.count * 2 > slots.count { grow() }
    return word
  }

  /// The stored word for `text` with `tag`, counted as a hit, when the store has it; nil
  /// (and nothing counted) when `word(for:tag:make:)` must shape it.
  ///
  /// The hit path without a closure: a caller whose `make` captures it (an item builder
  /// passed by reference) had this store retained and released around every lookup.
  @inline(__always)
  package func hit(_ text: UnsafeBufferPointer<UInt16>, tag: UInt32) -> StoredWord? {
    if text.count == 1 {
      guard singleTag == tag else { return nil }
      let number = Int(singles[Int(text[0])])
      guard number > 0 else { return nil }
      hits += 1
      return entries[number - 1].word
    }
    guard let found = probe(text, tag: tag).word else { return nil }
    hits += 1
    return found
  }

  /// The stored word for `text` with `tag`, if there is one; nothing is counted or added.
  package func find(_ text: UnsafeBufferPointer<UInt16>, tag: UInt32) -> StoredWord? {
    if text.count == 1 {
      guard let table = singleTag == tag ? singles : singleTables[tag] else { return nil }
      let number = Int(table[Int(text[0])])
      return number > 0 ? entries[number - 1].word : nil
    }
    return probe(text, tag: tag).word
  }

  /// The hyphenation points of a stored word: where its segments end, but the last.
  package func points(of word: StoredWord) -> [Int] {
    guard word.segmentCount > 1 else { return [] }
    let first = Int(word.segmentStart)
    return (first..<first + Int(word.segmentCount) - 1).map { Int(segments[$0].unitEnd) }
  }

  /// Looks `text` with `tag` up: the word when stored, else the empty slot where it would
  /// go (-1 when the probe ran too long), with the hash and packed prefix it would keep.
  @inline(__always)
  private func probe(_ text: UnsafeBufferPointer<UInt16>, tag: UInt32) -> (
    word: StoredWord?, empty: Int, hash: UInt32, packed: (UInt64, UInt64)
  ) {
    let hash = wordHash(text, tag: tag)
    let packed = packedPrefix(text)
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    for _ in 0..<Self.maximumProbe {
      let value = slots[slot]
      if value == 0 { return (nil, slot, hash, packed) }
      if UInt32(truncatingIfNeeded: value >> 32) == hash {
        let number = Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1
        let found = entries.withUnsafeBufferPointer { entries -> StoredWord? in
          let entry = entries[number]
          guard entry.tag == tag, Int(entry.word.length) == text.count, entry.packed == packed,
            text.count <= 8 || matches(text, from: Int(entry.textStart))
          else { return nil }
          return entry.word
        }
        if let found { return (found, -1, hash, packed) }
      }
      slot = (slot + 1) & mask
    }
    return (nil, -1, hash, packed)
  }

  /// A word of one code unit, through the direct table of its tag.
  @inline(__always)
  private func single(
    _ text: UnsafeBufferPointer<UInt16>, tag: UInt32,
    make: (_ glyphs: inout [StoredGlyph]) -> [Int]
  ) -> StoredWord {
    if singleTag != tag {
      if let old = singleTag { singleTables[old] = singles }
      singles = singleTables.removeValue(forKey: tag) ?? [Int32](repeating: 0, count: 0x10000)
      singleTag = tag
    }
    let unit = Int(text[0])
    let number = Int(singles[unit])
    if number > 0 {
      hits += 1
      return entries[number - 1].word
    }
    misses += 1
    let word = add(text, make: make)
    singles[unit] = Int32(append(text, packed: packedPrefix(text), tag: tag, word: word) + 1)
    return word
  }

  /// Adds an entry; returns its number.
  private func append(
    _ text: UnsafeBufferPointer<UInt16>, packed: (UInt64, UInt64), tag: UInt32, word: StoredWord
  ) -> Int {
    var start: Int32 = 0
    if text.count > 8 {
      start = Int32(storage.count)
      storage.append(contentsOf: text)
    }
    entries.append(Entry(packed: packed, tag: tag, textStart: start, word: word))
    return entries.count - 1
  }

  /// Appends a word's glyphs and segments; the store's arrays only grow here.
  private func add(
    _ text: UnsafeBufferPointer<UInt16>, make: (_ glyphs: inout [StoredGlyph]) -> [Int]
  ) -> StoredWord {
    let start = glyphs.count
    let points = make(&glyphs)
    let end = glyphs.count
    var width = 0.0
    for g in start..<end { width += Double(glyphs[g].advance) }
    var word = StoredWord(
      glyphStart: Int32(start), glyphCount: Int32(end - start), segmentStart: 0, segmentCount: 0,
      width: width, length: Int32(text.count))
    guard !points.isEmpty else { return word }
    let firstSegment = segments.count
    var glyphStart = 0
    for point in points {
      guard let glyphEnd = glyphCount(before: point, from: start, to: end), glyphEnd > glyphStart
      else { continue }
      segments.append(
        WordSegment(
          glyphEnd: Int32(glyphEnd), unitEnd: Int32(point),
          width: segmentWidth(start + glyphStart, start + glyphEnd)))
      glyphStart = glyphEnd
    }
    guard segments.count > firstSegment else { return word }
    segments.append(
      WordSegment(
        glyphEnd: Int32(end - start), unitEnd: Int32(text.count),
        width: segmentWidth(start + glyphStart, end)))
    word.segmentStart = Int32(firstSegment)
    word.segmentCount = Int32(segments.count - firstSegment)
    return word
  }

  private func segmentWidth(_ lower: Int, _ upper: Int) -> Double {
    var width = 0.0
    for g in lower..<upper { width += Double(glyphs[g].advance) }
    return width
  }

  /// Glyphs whose clusters lie before `offset`; nil when `offset` falls inside a cluster
  /// (a ligature across the point) or past the last glyph's cluster.
  private func glyphCount(before offset: Int, from start: Int, to end: Int) -> Int? {
    for i in start..<end {
      let cluster = Int(glyphs[i].cluster)
      if cluster >= offset {
        if cluster > offset, i > start, Int(glyphs[i - 1].cluster) < offset { return nil }
        return i - start
      }
    }
    return nil
  }

  private func matches(_ text: UnsafeBufferPointer<UInt16>, from start: Int) -> Bool {
    storage.withUnsafeBufferPointer { stored in
      for i in 8..<text.count where stored[start + i] != text[i] { return false }
      return true
    }
  }

  private func grow() {
    let old = slots
    slots = [UInt64](repeating: 0, count: old.count * 2)
    let mask = slots.count - 1
    for value in old where value != 0 {
      var slot = Int(value >> 32) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = value
    }
  }
}
