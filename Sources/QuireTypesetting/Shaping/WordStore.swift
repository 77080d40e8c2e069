/// Every distinct word of a book, shaped once, with its hyphenation points: one lookup
/// per word gives all that line building needs.
///
/// A word is keyed by its UTF-16 text and a tag (face, OpenType features, hyphenation
/// dictionary). Entries live inline in an open-addressed table (linear probing, at most
/// half full), so a lookup usually touches one cache line; glyphs and segments of all
/// words sit in flat arrays, so a word is read without chasing references and nothing is
/// retained or released per word. Results are in ems: one entry serves every size.
///
/// Indices handed out stay valid until `beginParagraph()` finds the store past its
/// capacity and empties it, which happens only between paragraphs (pathological inputs
/// such as 5 MB of random letters must not grow memory without limit).
/// Not thread-safe, like the glyph source that owns it; its arrays opt out of dynamic
/// exclusivity checks (no method hands out a reference that could overlap an access).
package final class WordStore {
  private struct Entry {
    /// The text's first eight code units, packed: most words compare without `storage`.
    var packed: (UInt64, UInt64) = (0, 0)
    var hash: UInt32 = 0
    var tag: UInt32 = 0
    /// Offset of the text in `storage` when longer than eight units.
    var textStart: Int32 = 0
    /// -1 marks an empty slot.
    var textLength: Int32 = -1
    var word = StoredWord(
      glyphStart: 0, glyphCount: 0, segmentStart: 0, segmentCount: 0, width: 0, length: 0)
  }

  @exclusivity(unchecked) private var table: [Entry]
  @exclusivity(unchecked) private var storage: [UInt16] = []
  /// Glyphs of every stored word, word after word.
  @exclusivity(unchecked) package private(set) var glyphs: [StoredGlyph] = []
  /// Segments of hyphenated words.
  @exclusivity(unchecked) package private(set) var segments: [WordSegment] = []
  @exclusivity(unchecked) package private(set) var count = 0
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
    table = [Entry](repeating: Entry(), count: 8192)
    glyphs.reserveCapacity(16_384)
  }

  /// Hits ÷ lookups, 0 before any lookup.
  package var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }

  /// Empties the store when past its capacity; called before a paragraph is prepared.
  package func beginParagraph() {
    guard count >= capacity else { return }
    for i in table.indices { table[i] = Entry() }
    storage.removeAll(keepingCapacity: true)
    glyphs.removeAll(keepingCapacity: true)
    segments.removeAll(keepingCapacity: true)
    hyphens.removeAll()
    count = 0
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
    let hash = Self.hash(text, tag: tag)
    let packed = packedPrefix(text)
    let mask = table.count - 1
    var slot = Int(hash) & mask
    var empty = -1
    for _ in 0..<Self.maximumProbe {
      let found = table.withUnsafeBufferPointer { entries -> StoredWord? in
        let entry = entries[slot]
        if entry.textLength < 0 {
          empty = slot
          return nil
        }
        if entry.hash == hash, entry.tag == tag, Int(entry.textLength) == text.count,
          entry.packed == packed, text.count <= 8 || matches(text, from: Int(entry.textStart))
        {
          return entry.word
        }
        return nil
      }
      if let found {
        hits += 1
        return found
      }
      if empty >= 0 { break }
      slot = (slot + 1) & mask
    }
    misses += 1
    let word = add(text, make: make)
    guard empty >= 0 else { return word }  // a probe too long: shaped, not kept
    var entry = Entry(
      packed: packed, hash: hash, tag: tag, textStart: Int32(storage.count),
      textLength: Int32(text.count), word: word)
    if text.count > 8 { storage.append(contentsOf: text) } else { entry.textStart = 0 }
    table[empty] = entry
    count += 1
    if count * 2 > table.count { grow() }
    return word
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
    let old = table
    table = [Entry](repeating: Entry(), count: old.count * 2)
    let mask = table.count - 1
    for entry in old where entry.textLength >= 0 {
      var slot = Int(entry.hash) & mask
      while table[slot].textLength >= 0 { slot = (slot + 1) & mask }
      table[slot] = entry
    }
  }

  /// FNV-1a over the code units, seeded with the tag, then mixed.
  private static func hash(_ text: UnsafeBufferPointer<UInt16>, tag: UInt32) -> UInt32 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (UInt64(tag) &* 0x9E37_79B9_7F4A_7C15)
    for unit in text {
      hash = (hash ^ UInt64(unit)) &* 0x0000_0100_0000_01B3
    }
    hash ^= hash >> 32
    hash &*= 0xD6E8_FEB8_6659_FD93
    hash ^= hash >> 32
    return UInt32(truncatingIfNeeded: hash)
  }
}
