import Glibc

/// Lines that download sites put into the texts they serve: their address, "本书由…整理",
/// "输入：…", a QQ group, an advert for their app or for votes, repeated through the
/// book; and running headers that repeat the book's title.
///
/// A line is dropped when it is short and repeats at least `minimumRepeats` times and
/// either carries a site's mark (`SiteJunkSignals`) or starts with the book's title; a
/// line with a web address and a site's advert words is dropped even once. A sentence of
/// the story that repeats carries no such mark and stays.
enum SiteJunk {
  /// Longer lines are never site lines (they are the story's paragraphs).
  static let maximumLineBytes = 240
  static let minimumRepeats = 3

  /// A line left out, with how many times.
  struct Removal: Hashable, Sendable {
    var line: String
    var count: Int
  }

  /// `utf8` without its site lines (the first line, which names the book, is always
  /// kept); `lines` is its line table, `titles` are the book's names as the text and its
  /// file give them.
  /// - Complexity: O(n): short lines are hashed once; only repeated ones are decoded.
  static func removed(from utf8: [UInt8], lines: LineTable, titles: [String])
    -> (utf8: [UInt8], removals: [Removal])
  {
    utf8.withUnsafeBufferPointer { bytes -> ([UInt8], [Removal]) in
      guard lines.count > 1 else { return (utf8, []) }
      // Project Gutenberg's header and licence are not a site's lines.
      let boilerplate = GutenbergBoilerplate(bytes, lines)
      let first = boilerplate.headerLines?.upperBound ?? 1
      let last = boilerplate.footerLines?.lowerBound ?? lines.count
      // Count each short line by its trimmed bytes.
      var counts = LineCounts(capacity: lines.count)
      var keys = [Int](repeating: 0, count: lines.count)
      for line in max(1, first)..<max(max(1, first), last) {
        let start = TextBytes.skipLeadingWhitespace(bytes, lines.starts[line], lines.ends[line])
        let end = lines.ends[line]
        guard end > start, end - start <= maximumLineBytes else { continue }
        let (key, hasDot) = scan(bytes, start, end)
        keys[line] = key
        // The first line of a kind is the one kept; only it is checked for an address.
        counts.add(key) {
          LineCounts.Entry(
            count: 1, line: line, hasAddress: hasDot && hasWebAddress(bytes, start, end))
        }
      }
      var junk = Set<Int>()
      var removals: [Removal] = []
      let wanted = titles.filter(isRunningHeaderTitle)
      for (key, entry) in zip(counts.keys, counts.entries)
      where entry.count >= minimumRepeats || entry.hasAddress {
        let end = lines.ends[entry.line]
        let start = TextBytes.skipLeadingWhitespace(bytes, lines.starts[entry.line], end)
        let text = TextBytes.string(bytes, start, end)
        let repeated = entry.count >= minimumRepeats
        let isJunk =
          repeated
          && (SiteJunkSignals.marks(bytes, start, end)
            || wanted.contains { Self.repeats($0, in: text) })
          || SiteJunkSignals.isAdvert(bytes, start, end)
        guard isJunk else { continue }
        junk.insert(key)
        removals.append(Removal(line: text, count: entry.count))
      }
      guard !junk.isEmpty else { return (utf8, []) }
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count)
      for line in 0..<lines.count {
        let end = line + 1 < lines.count ? lines.starts[line + 1] : bytes.count
        if line > 0, keys[line] != 0, junk.contains(keys[line]) { continue }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lines.starts[line]..<end]))
      }
      removals.sort { ($0.count, $1.line) > ($1.count, $0.line) }
      return (output, removals)
    }
  }

  /// Whether a title can be told in running headers: a web novel's Chinese or Japanese
  /// title of a few characters ("斗破苍穹"), not an English first line ("[Illustration:",
  /// "CHAPTER I"), whose repeats are the book's own.
  static func isRunningHeaderTitle(_ title: String) -> Bool {
    let ideographs = title.unicodeScalars.filter { $0.properties.isIdeographic }.count
    return ideographs >= 2 && title.count <= 30
  }

  /// Whether `line` is `title` alone or followed by a space or punctuation ("红楼梦　第三回").
  static func repeats(_ title: String, in line: String) -> Bool {
    guard line.hasPrefix(title) else { return false }
    guard let next = line.dropFirst(title.count).first else { return true }
    return next.isWhitespace || next.isPunctuation
  }

  /// The key a line is counted by, a 64-bit hash of its bytes (FNV-1a's steps taken a
  /// word of eight bytes at a time, then its length; never 0), and whether the line
  /// holds a dot, found in the same pass: a line without one has no web address.
  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> (key: Int, hasDot: Bool)
  {
    guard let base = bytes.baseAddress else { return (1, false) }
    let raw = UnsafeRawPointer(base)
    let prime: UInt64 = 0x100_0000_01B3
    let ones: UInt64 = 0x0101_0101_0101_0101
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    var dots: UInt64 = 0
    var index = start
    while index + 8 <= end {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      value = (value ^ word) &* prime
      // A byte of `word` that is "." is a zero byte here (and marks a high bit).
      let difference = word ^ (ones &* UInt64(UInt8(ascii: ".")))
      dots |= (difference &- ones) & ~difference & (ones &* 0x80)
      index += 8
    }
    while index < end {
      value = (value ^ UInt64(bytes[index])) &* prime
      if bytes[index] == UInt8(ascii: ".") { dots = 1 }
      index += 1
    }
    value = (value ^ UInt64(end - start)) &* prime
    return (Int(bitPattern: UInt(value == 0 ? 1 : value)), dots != 0)
  }

  /// Whether the line holds something like a web address (a dot between ASCII letters or
  /// digits), checked without decoding: `memchr` finds each dot.
  private static func hasWebAddress(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Bool
  {
    guard let base = bytes.baseAddress, end - start >= 5 else { return false }
    // A dot counts between the line's first and last bytes.
    var from = start + 1
    while from < end - 1, let found = memchr(base + from, Int32(UInt8(ascii: ".")), end - 1 - from)
    {
      let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if isAlphanumeric(bytes[index - 1]), isAlphanumeric(bytes[index + 1]) { return true }
      from = index + 1
    }
    return false
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
