/// A hash table from short UTF-16 texts (words) plus a small tag to entry numbers, with
/// no allocation per lookup: the caches behind shaping and hyphenation.
///
/// Texts are copied once, on insertion, into one flat buffer; a lookup hashes the
/// caller's slice in place (FNV-1a on code units) and compares it with the entry's
/// packed first eight units (and the stored rest of longer words). Entry numbers count up from 0, so callers keep their values in a parallel
/// array. Probing is linear and bounded: a text whose probe would run past
/// `maximumProbe` slots is simply not cached, so crafted collisions cannot make a
/// lookup slow.
package struct WordTable {
  private struct Entry {
    var start: Int32
    var length: Int32
    var tag: UInt32
    var hash: UInt32
    /// The first eight code units, packed: most words compare without touching `storage`.
    var packed: (UInt64, UInt64)
  }

  /// Per slot, the entry's hash in the high half and its number + 1 in the low half
  /// (0 = empty): most mismatches are rejected without loading the entry. The count is
  /// a power of two.
  private var slots: [UInt64]
  private var entries: [Entry] = []
  private var storage: [UInt16] = []
  private static let maximumProbe = 32

  /// Creates an empty table sized for about `capacity` entries.
  package init(capacity: Int = 1024) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = [UInt64](repeating: 0, count: size)
    entries.reserveCapacity(capacity)
  }

  /// Number of entries.
  package var count: Int { entries.count }

  /// The entry number of `text` with `tag`, if present.
  package func find(_ text: UnsafeBufferPointer<UInt16>, tag: UInt32) -> Int? {
    let hash = wordHash(text, tag: tag)
    return probe(text, tag: tag, hash: hash).found
  }

  /// The entry number of `text` with `tag`, inserting it when absent; nil when the
  /// table declines to store it (a probe too long).
  package mutating func findOrInsert(_ text: UnsafeBufferPointer<UInt16>, tag: UInt32)
    -> (entry: Int, inserted: Bool)?
  {
    let hash = wordHash(text, tag: tag)
    let result = probe(text, tag: tag, hash: hash)
    if let found = result.found { return (found, false) }
    guard let slot = result.empty else { return nil }
    if (entries.count + 1) * 4 > slots.count * 3 {
      grow()
      return findOrInsert(text, tag: tag)
    }
    let start = storage.count
    storage.append(contentsOf: text)
    entries.append(
      Entry(
        start: Int32(start), length: Int32(text.count), tag: tag, hash: hash,
        packed: packedPrefix(text)))
    slots[slot] = UInt64(hash) << 32 | UInt64(entries.count)
    return (entries.count - 1, true)
  }

  /// Forgets every entry, keeping the memory.
  package mutating func removeAll() {
    for i in slots.indices { slots[i] = 0 }
    entries.removeAll(keepingCapacity: true)
    storage.removeAll(keepingCapacity: true)
  }

  /// The text of entry `entry`.
  package func text(of entry: Int) -> ArraySlice<UInt16> {
    let item = entries[entry]
    return storage[Int(item.start)..<Int(item.start + item.length)]
  }

  private func probe(_ text: UnsafeBufferPointer<UInt16>, tag: UInt32, hash: UInt32)
    -> (found: Int?, empty: Int?)
  {
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    let packed = packedPrefix(text)
    for _ in 0..<Self.maximumProbe {
      let value = slots[slot]
      if value == 0 { return (nil, slot) }
      if UInt32(truncatingIfNeeded: value >> 32) == hash {
        let number = Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1
        let entry = entries[number]
        if entry.tag == tag, Int(entry.length) == text.count, entry.packed == packed,
          text.count <= 8 || matches(text, from: Int(entry.start))
        {
          return (number, nil)
        }
      }
      slot = (slot + 1) & mask
    }
    return (nil, nil)
  }

  /// Whether the stored units from `start` equal `text` (beyond the packed eight).
  private func matches(_ text: UnsafeBufferPointer<UInt16>, from start: Int) -> Bool {
    storage.withUnsafeBufferPointer { stored in
      for i in 8..<text.count where stored[start + i] != text[i] { return false }
      return true
    }
  }

  private mutating func grow() {
    let size = slots.count * 2
    slots = [UInt64](repeating: 0, count: size)
    let mask = size - 1
    for (index, entry) in entries.enumerated() {
      var slot = Int(entry.hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = UInt64(entry.hash) << 32 | UInt64(index + 1)
    }
  }
}

/// FNV-1a over a word's code units, seeded with its tag, then mixed: the hash of
/// `WordTable` and `WordStore`.
func wordHash(_ text: UnsafeBufferPointer<UInt16>, tag: UInt32) -> UInt32 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (UInt64(tag) &* 0x9E37_79B9_7F4A_7C15)
  for unit in text {
    hash = (hash ^ UInt64(unit)) &* 0x0000_0100_0000_01B3
  }
  hash ^= hash >> 32
  hash &*= 0xD6E8_FEB8_6659_FD93
  hash ^= hash >> 32
  return UInt32(truncatingIfNeeded: hash)
}

/// The first eight UTF-16 units of a word in two words, zero-padded: the part of a key
/// `WordTable` and `WordStore` compare without touching their storage.
func packedPrefix(_ text: UnsafeBufferPointer<UInt16>) -> (UInt64, UInt64) {
  var low: UInt64 = 0
  var high: UInt64 = 0
  for i in 0..<min(text.count, 8) {
    if i < 4 {
      low |= UInt64(text[i]) << (16 * UInt64(i))
    } else {
      high |= UInt64(text[i]) << (16 * UInt64(i - 4))
    }
  }
  return (low, high)
}
