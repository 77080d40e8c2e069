import Glibc

/// A StarDict word list: the `.idx` (headword, data offset, data size) or the `.syn`
/// (synonym, entry number), both sorted as StarDict compares words.
///
/// Entries have no fixed size (a NUL-terminated word, then big-endian numbers), so the
/// start of every entry is found once, when the list is opened, and kept in a table the
/// binary search runs over. Every entry is checked then: a list cut short, or with more or
/// fewer entries than the `.ifo` says, is refused before any lookup.
final class StarDictWordList {
  /// The file, for messages.
  let path: String
  private let storage: MappedBytes
  /// Where each entry's word starts.
  private let starts: [UInt32]
  /// Bytes after each word's NUL: 8 (`.idx`, 32-bit offsets), 12 (64-bit) or 4 (`.syn`).
  private let trailerSize: Int

  /// The longest word Quire accepts (StarDict's own limit is 256 bytes).
  static let maximumWordLength = 4096

  /// Reads the entries of `storage`.
  ///
  /// - Parameters:
  ///   - expectedCount: the count the `.ifo` gives, when it gives one.
  /// - Throws: `LookupError.damaged` naming `path` for an entry without its NUL or cut short,
  ///   or a count that differs from the `.ifo`'s.
  init(storage: MappedBytes, path: String, trailerSize: Int, expectedCount: Int?)
    throws(LookupError)
  {
    self.path = path
    self.storage = storage
    self.trailerSize = trailerSize
    let bytes = storage.bytes
    guard bytes.count < Int(UInt32.max) else {
      throw LookupError(.unsupported, path: path, "the file is larger than 4 GB")
    }
    var starts: [UInt32] = []
    starts.reserveCapacity(expectedCount ?? bytes.count / 16)
    var position = 0
    while position < bytes.count {
      let limit = min(bytes.count - position, Self.maximumWordLength + 1)
      guard let end = memchr(bytes.baseAddress! + position, 0, limit) else {
        throw LookupError(
          .damaged, path: path,
          "entry \(starts.count + 1) has no end to its word (cut short, or not a StarDict file)")
      }
      let wordEnd = bytes.baseAddress!.distance(to: UnsafeRawPointer(end))
      guard wordEnd + 1 + trailerSize <= bytes.count else {
        throw LookupError(.damaged, path: path, "entry \(starts.count + 1) is cut short")
      }
      starts.append(UInt32(position))
      position = wordEnd + 1 + trailerSize
    }
    if let expectedCount, expectedCount != starts.count {
      throw LookupError(
        .damaged, path: path,
        "the .ifo gives \(expectedCount) entries, the file holds \(starts.count)")
    }
    self.starts = starts
  }

  /// How many entries the list has.
  var count: Int { starts.count }

  /// Entry `index`'s word, without its NUL.
  func word(_ index: Int) -> UnsafeRawBufferPointer {
    let start = Int(starts[index])
    let end =
      (index + 1 < starts.count ? Int(starts[index + 1]) : storage.bytes.count) - 1 - trailerSize
    return UnsafeRawBufferPointer(rebasing: storage.bytes[start..<end])
  }

  /// Entry `index`'s word as text.
  func text(_ index: Int) -> String { String(decoding: word(index), as: UTF8.self) }

  /// The big-endian number of `width` bytes at `offset` into entry `index`'s trailer.
  func number(_ index: Int, at offset: Int, width: Int) -> Int {
    let start = Int(starts[index]) + word(index).count + 1 + offset
    var value = 0
    for byte in storage.bytes[start..<(start + width)] { value = value << 8 | Int(byte) }
    return value
  }

  /// The entries whose word equals `key` when ASCII case is ignored, as StarDict matches.
  ///
  /// - Complexity: O(log n) comparisons, then one per match.
  func entries(matching key: [UInt8]) -> Range<Int> {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = low + (high - low) / 2
      if Self.compare(key, word(middle)) > 0 { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < starts.count && Self.compare(key, word(end)) == 0 { end += 1 }
    return low..<end
  }

  /// StarDict's order (`stardict_strcmp`): bytes compared with ASCII letters folded to
  /// lower case (glib's `g_ascii_strcasecmp`); the exact bytes only break ties, which a
  /// lookup ignores.
  static func compare(_ key: [UInt8], _ word: UnsafeRawBufferPointer) -> Int {
    var index = 0
    for byte in key {
      guard index < word.count else { return 1 }
      let left = lowercase(byte)
      let right = lowercase(word[index])
      if left != right { return left < right ? -1 : 1 }
      index += 1
    }
    return index == word.count ? 0 : -1
  }

  private static func lowercase(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }
}
