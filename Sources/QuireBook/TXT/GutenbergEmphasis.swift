/// Project Gutenberg's plain-text emphasis: `_italic words_`, and `*bold*` or `=bold=`,
/// turned into styled spans with the markers removed.
///
/// Gutenberg's plain-text editions mark the italics of the printed book with underscores
/// (its FAQ and the HTML editions of the same books: `_very_` in Alice is `<i>very</i>`);
/// some texts mark bold with asterisks or equals signs. A marker only counts as emphasis
/// when it is used as one: an opening marker follows the paragraph's start, whitespace or
/// opening punctuation and is followed by a non-space; a closing one follows a non-space
/// and is followed by the end, whitespace or punctuation; a pair never leaves its
/// paragraph; only a span without spaces may end inside a word (`_Un_important`). So
/// `snake_case`, a lone `_`, `______` blanks in forms, `* * *` scene breaks
/// and footnote marks (`word,* more`) stay text.
enum GutenbergEmphasis {
  /// One emphasised stretch of a paragraph, in UTF-16 units from the paragraph's start
  /// after the markers were removed.
  struct Span: Equatable {
    var range: Range<Int>
    var isBold: Bool
  }

  /// Whether `bytes[start..<end]` holds a byte that can be a marker: the cheap test that
  /// keeps the common paragraph from being scanned twice. Eight bytes at a time: a word
  /// XOR the marker repeated has a zero byte exactly where the marker is.
  @inline(__always)
  static func mayContainMarkers(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Bool
  {
    guard let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = start
    while i + 8 <= end {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let underscore = word ^ (0x5F &* ones)
      let asterisk = word ^ (0x2A &* ones)
      let equals = word ^ (0x3D &* ones)
      let found =
        ((underscore &- ones) & ~underscore) | ((asterisk &- ones) & ~asterisk)
        | ((equals &- ones) & ~equals)
      if found & high != 0 { return true }
      i += 8
    }
    while i < end {
      let byte = base[i]
      if byte == 0x5F || byte == 0x2A || byte == 0x3D { return true }
      i += 1
    }
    return false
  }

  /// Removes the markers of every emphasis pair from the paragraph `output[start...]` and
  /// returns the emphasised spans, sorted by start.
  /// - Complexity: O(bytes of the paragraph).
  static func apply(to output: inout [UInt8], from start: Int) -> [Span] {
    let pairs = output.withUnsafeBufferPointer { pairsOfMarkers($0, from: start) }
    guard !pairs.isEmpty else { return [] }
    // Marker positions in order, each removed; UTF-16 positions counted on the way.
    var removed: [(position: Int, pair: Int, isOpening: Bool)] = []
    removed.reserveCapacity(pairs.count * 2)
    for (index, pair) in pairs.enumerated() {
      removed.append((pair.open, index, true))
      removed.append((pair.close, index, false))
    }
    removed.sort { $0.position < $1.position }
    var spans = pairs.map { Span(range: 0..<0, isBold: $0.marker != 0x5F) }
    var opens = [Int](repeating: 0, count: pairs.count)
    // Between markers the bytes move down in blocks, UTF-16 units counted eight at a time.
    let write = output.withUnsafeMutableBufferPointer { buffer in
      var write = start
      var utf16 = 0
      var read = start
      for marker in removed {
        let count = marker.position - read
        if count > 0 {
          utf16 += TextBytes.utf16Count(UnsafeBufferPointer(buffer), read, marker.position)
          if write != read {
            UnsafeMutableRawPointer(buffer.baseAddress! + write).copyMemory(
              from: buffer.baseAddress! + read, byteCount: count)
          }
          write += count
        }
        read = marker.position + 1
        if marker.isOpening {
          opens[marker.pair] = utf16
        } else {
          spans[marker.pair].range = opens[marker.pair]..<utf16
        }
      }
      let rest = buffer.count - read
      if rest > 0 {
        UnsafeMutableRawPointer(buffer.baseAddress! + write).copyMemory(
          from: buffer.baseAddress! + read, byteCount: rest)
      }
      return write + rest
    }
    output.removeSubrange(write...)
    return spans.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  private struct Pair {
    var marker: UInt8
    var open: Int
    var close: Int
  }

  /// The matched marker pairs of the paragraph `bytes[start...]`.
  private static func pairsOfMarkers(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> [Pair]
  {
    var pairs: [Pair] = []
    // The pending opening marker of each kind: `_`, `*`, `=`.
    // (A tuple, not an array: no allocation per paragraph.)
    var pending: (Int?, Int?, Int?) = (nil, nil, nil)
    func opening(_ kind: Int) -> Int? {
      kind == 0 ? pending.0 : kind == 1 ? pending.1 : pending.2
    }
    func setOpening(_ kind: Int, _ value: Int?) {
      switch kind {
      case 0: pending.0 = value
      case 1: pending.1 = value
      default: pending.2 = value
      }
    }
    // The last space (or last byte of a line separator) before `scanned`, found only when
    // asked: each byte is looked at once.
    var spaceSeen = start - 1
    var scanned = start
    func lastSpace(before position: Int) -> Int {
      while scanned < position {
        let byte = bytes[scanned]
        if byte == 0x20 || byte == 0x09 || byte == 0xA8 { spaceSeen = scanned }
        scanned += 1
      }
      return spaceSeen
    }
    var i = start
    let end = bytes.count
    while i < end {
      if i + 8 <= end && !mayContainMarkers(bytes, i, i + 8) {
        i += 8
        continue
      }
      let byte = bytes[i]
      guard let kind = kindIndex(byte) else {
        i += 1
        continue
      }
      // A run of two or more markers (`__`, `______`, `***`) is never emphasis.
      var runEnd = i + 1
      while runEnd < end && bytes[runEnd] == byte { runEnd += 1 }
      if runEnd - i > 1 {
        i = runEnd
        continue
      }
      let before = i > start ? previous(bytes, start, i) : .edge
      let after = i + 1 < end ? following(bytes, i + 1) : .edge
      // A one-word span may end inside a word: `_Un_important`.
      let canClose =
        (before == .other || before == .closing || before == .ambiguous)
        && (after == .edge || after == .space || after == .closing || after == .ambiguous
          || (after == .other && opening(kind).map { $0 > lastSpace(before: i) } == true))
      let canOpen =
        (before == .edge || before == .space || before == .opening || before == .ambiguous)
        && after != .space && after != .edge
      if canClose, let open = opening(kind) {
        pairs.append(Pair(marker: byte, open: open, close: i))
        setOpening(kind, nil)
      } else if canOpen {
        setOpening(kind, i)
      }
      i += 1
    }
    return pairs.sorted { $0.open < $1.open }
  }

  @inline(__always)
  private static func kindIndex(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x5F: 0
    case 0x2A: 1
    case 0x3D: 2
    default: nil
    }
  }

  /// What lies beside a marker.
  private enum Neighbour {
    /// The paragraph's start or end.
    case edge
    /// Space, tab, no-break space or line separator (U+2028).
    case space
    /// Opening punctuation: ( [ { “ ‘
    case opening
    /// Closing punctuation: . , ; : ! ? ) ] } ” ’ …
    case closing
    /// Either side: straight quotes, dashes, hyphens and the emphasis markers themselves.
    case ambiguous
    /// Letters, digits, everything else.
    case other
  }

  /// The character before the marker at `i`.
  private static func previous(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ i: Int)
    -> Neighbour
  {
    let byte = bytes[i - 1]
    if let ascii = asciiNeighbour(byte) { return ascii }
    if byte == 0xA0, i - 2 >= start, bytes[i - 2] == 0xC2 { return .space }
    // A punctuation mark of U+2000–U+206F: E2 80 xx.
    guard byte & 0xC0 == 0x80, i - 3 >= start, bytes[i - 3] == 0xE2, bytes[i - 2] == 0x80 else {
      return .other
    }
    return generalPunctuation(byte)
  }

  /// The character at `i`, after the marker.
  private static func following(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Neighbour {
    let byte = bytes[i]
    if let ascii = asciiNeighbour(byte) { return ascii }
    if byte == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0xA0 { return .space }
    guard byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80 else { return .other }
    return generalPunctuation(bytes[i + 2])
  }

  @inline(__always)
  private static func asciiNeighbour(_ byte: UInt8) -> Neighbour? {
    switch byte {
    case 0x20, 0x09: .space
    case 0x28, 0x5B, 0x7B: .opening
    case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x29, 0x5D, 0x7D: .closing
    case 0x22, 0x27, 0x2D, 0x5F, 0x2A, 0x3D: .ambiguous
    default: nil
    }
  }

  /// U+2000–U+206F by its last UTF-8 byte.
  private static func generalPunctuation(_ last: UInt8) -> Neighbour {
    switch last {
    case 0xA8: .space  // U+2028 between verse lines
    case 0x93, 0x94: .ambiguous  // – —
    case 0x98, 0x9C: .opening  // ‘ “
    case 0x99: .ambiguous  // ’ closes a quote, and is the apostrophe of ’Tis
    case 0x9D, 0xA6: .closing  // ” …
    default: .other
    }
  }
}
