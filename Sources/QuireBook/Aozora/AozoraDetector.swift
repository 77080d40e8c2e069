import Glibc

/// Tells an Aozora Bunko text from other plain text by its notation.
///
/// Notes (`［＃`) are Aozora's own: a few of them, or the colophon with one, make the
/// text Aozora. Ruby alone (`漢字《かな》`) counts when its readings are kana, so a Chinese
/// text's book-title marks (《红楼梦》) never do.
enum AozoraDetector {
  /// How much of the text is scanned for notation.
  static let sampleBytes = 1 << 18
  /// Notes needed without a colophon.
  static let minimumNotes = 3
  /// Kana readings needed when the text has no notes.
  static let minimumRubies = 10

  private static let noteOpen: [UInt8] = Array("［＃".utf8)

  /// Whether line `line` holds a note.
  static func hasNote(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ line: Int) -> Bool
  {
    find(noteOpen, in: bytes, lines.starts[line]..<lines.ends[line]) != nil
  }

  /// Whether the start of the text uses Aozora notation: enough notes, or one with the
  /// colophon, or enough kana readings.
  static func hasNotation(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, colophon: Bool)
    -> Bool
  {
    let end = min(bytes.count, sampleBytes)
    var notes = 0
    var from = 0
    while notes < minimumNotes, let found = find(noteOpen, in: bytes, from..<end) {
      notes += 1
      from = found + noteOpen.count
    }
    if notes >= (colophon ? 1 : minimumNotes) { return true }
    return kanaRubies(bytes, 0..<end) >= minimumRubies
  }

  /// `《…》` pairs holding only kana (and ー) in `range`, counted up to `minimumRubies`.
  static func kanaRubies(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    guard find(Array("《".utf8), in: bytes, range) != nil else { return 0 }
    let text = TextBytes.string(bytes, range.lowerBound, range.upperBound)
    var count = 0
    var reading: [Unicode.Scalar]?
    for scalar in text.unicodeScalars {
      switch scalar {
      case "《": reading = []
      case "》":
        if let found = reading, !found.isEmpty, found.count <= 30 { count += 1 }
        reading = nil
        if count >= minimumRubies { return count }
      default:
        guard reading != nil else { continue }
        let script = AozoraScript(scalar)
        if script == .hiragana || script == .katakana {
          reading?.append(scalar)
        } else {
          reading = nil
        }
      }
    }
    return count
  }

  /// The offset of `needle` in `range` of `bytes`.
  /// - Complexity: O(n·m) at worst; `memchr` finds each candidate first byte.
  static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Int?
  {
    guard let base = bytes.baseAddress, let first = needle.first, range.count >= needle.count else {
      return nil
    }
    var from = range.lowerBound
    let last = range.upperBound - needle.count
    while from <= last {
      guard let hit = memchr(base + from, Int32(first), last - from + 1) else { return nil }
      let offset = hit.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base)
      let matches = needle.withUnsafeBytes {
        memcmp(base + offset, $0.baseAddress!, needle.count) == 0
      }
      if matches { return offset }
      from = offset + 1
    }
    return nil
  }
}
