/// How many times each short line of a text occurs, by the line's key (a 64-bit hash of
/// its bytes, never 0), with the first line of each kind: what `SiteJunk` counts.
///
/// The keys are hashes already, so they index an open-addressed table directly rather
/// than being hashed again as a `Dictionary` would (half of the counting's time on a
/// novel of 60,000 short lines).
struct LineCounts {
  /// One kind of line: how many times it occurs, the first line of it, and whether that
  /// line holds a web address.
  struct Entry {
    var count: Int
    var line: Int
    var hasAddress: Bool
  }

  /// Each kind's key and entry, in the order first met.
  private(set) var keys: [Int] = []
  private(set) var entries: [Entry] = []
  /// Open addressing: 1 + the index in `keys` of the kind in each slot, 0 when empty.
  private var slots: [Int]
  private let mask: Int

  /// A table for up to `capacity` kinds of line, at most half full.
  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = [Int](repeating: 0, count: size)
    mask = size - 1
  }

  /// Counts one more line of the kind `key`; `newEntry` makes the entry of its first line.
  mutating func add(_ key: Int, newEntry: () -> Entry) {
    var slot = Self.mix(key) & mask
    while true {
      let index = slots[slot] - 1
      if index < 0 {
        keys.append(key)
        entries.append(newEntry())
        slots[slot] = keys.count
        return
      }
      if keys[index] == key {
        entries[index].count += 1
        return
      }
      slot = (slot + 1) & mask
    }
  }

  /// The key's bits folded down, so that a table of 2^k slots uses all of them.
  private static func mix(_ key: Int) -> Int {
    let value = UInt64(bitPattern: Int64(key))
    return Int(truncatingIfNeeded: value ^ (value >> 29) ^ (value >> 47))
  }
}
