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
  /// kept); `titles` are the book's names as the text and its file give them.
  /// - Complexity: O(n): short lines are hashed once; only repeated ones are decoded.
  static func removed(from utf8: [UInt8], titles: [String]) -> (utf8: [UInt8], removals: [Removal])
  {
    utf8.withUnsafeBufferPointer { bytes -> ([UInt8], [Removal]) in
      let lines = LineTable(bytes)
      guard lines.count > 1 else { return (utf8, []) }
      // Project Gutenberg's header and licence are not a site's lines.
      let boilerplate = GutenbergBoilerplate(bytes, lines)
      let first = boilerplate.headerLines?.upperBound ?? 1
      let last = boilerplate.footerLines?.lowerBound ?? lines.count
      // Count each short line by its trimmed bytes.
      var counts: [Int: (count: Int, line: Int, hasAddress: Bool)] = [:]
      var keys = [Int](repeating: 0, count: lines.count)
      for line in max(1, first)..<max(max(1, first), last) {
        let start = TextBytes.skipLeadingWhitespace(bytes, lines.starts[line], lines.ends[line])
        let end = lines.ends[line]
        guard end > start, end - start <= maximumLineBytes else { continue }
        let key = hash(bytes, start, end)
        keys[line] = key
        if let known = counts[key] {
          counts[key]!.count = known.count + 1
        } else {
          counts[key] = (1, line, hasWebAddress(bytes, start, end))
        }
      }
      var junk = Set<Int>()
      var removals: [Removal] = []
      let wanted = titles.filter(isRunningHeaderTitle)
      for (key, entry) in counts where entry.count >= minimumRepeats || entry.hasAddress {
        let start = TextBytes.skipLeadingWhitespace(
          bytes, lines.starts[entry.line], lines.ends[entry.line])
        let text = TextBytes.string(bytes, start, lines.ends[entry.line])
        let repeated = entry.count >= minimumRepeats
        let isJunk =
          repeated
          && (SiteJunkSignals.marks(text) || wanted.contains { Self.repeats($0, in: text) })
          || SiteJunkSignals.isAdvert(text)
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

  /// A 64-bit FNV-1a hash of the bytes, never 0.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    for index in start..<end { value = (value ^ UInt64(bytes[index])) &* 0x100_0000_01B3 }
    return Int(bitPattern: UInt(value == 0 ? 1 : value))
  }

  /// Whether the line holds something like a web address (a dot between ASCII letters or
  /// digits, or a full-width one), checked without decoding.
  private static func hasWebAddress(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Bool
  {
    guard end - start >= 5 else { return false }
    for index in (start + 1)..<(end - 1) where bytes[index] == UInt8(ascii: ".") {
      if isAlphanumeric(bytes[index - 1]), isAlphanumeric(bytes[index + 1]) { return true }
    }
    return false
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
