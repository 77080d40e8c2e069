/// What a paragraph of plain text shows by its text alone: a row of asterisks is a scene
/// break, `[Illustration: …]` stands where the printed book has a picture.
enum ParagraphShape: Equatable {
  case text
  /// `* * *`, `*     *     *` (over several lines too), `-----`, `⁂`: set centred with
  /// space around, as the printed book's break between scenes.
  case sceneBreak
  /// Project Gutenberg's placeholder for a picture: set centred, apart from the text.
  case illustration
  /// A transcriber's or translator's note: `[Footnote 1: …]`, or an indented line
  /// starting with the text's `*` mark (`     * The most fascinating woman.`): set
  /// smaller, apart from the story.
  case footnote

  /// The longest paragraph, in bytes, that can be a scene break.
  static let maxSceneBreakBytes = 240

  /// The shape of the UTF-8 paragraph `bytes[start..<end]`; `isIndented` says whether
  /// the source indented it.
  static func of(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, isIndented: Bool
  ) -> ParagraphShape {
    guard end > start else { return .text }
    if bytes[start] == UInt8(ascii: "["), bytes[end - 1] == UInt8(ascii: "]") {
      if startsWith(bytes, start, end, "[Illustration") { return .illustration }
      if startsWith(bytes, start, end, "[Footnote") { return .footnote }
    }
    let shape = ornament(bytes, start, end)
    guard shape == .text, isIndented, bytes[start] == UInt8(ascii: "*"), end - start > 2 else {
      return shape
    }
    let next = bytes[start + 1]
    let isNoteMark =
      next == 0x20 || next == UInt8(ascii: "(") || (next >= 0x41 && next <= 0x5A)
    return isNoteMark ? .footnote : .text
  }

  /// `.sceneBreak` when the paragraph is only marks and spaces, else `.text`.
  private static func ornament(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> ParagraphShape
  {
    guard end - start <= maxSceneBreakBytes else { return .text }
    var symbols = 0
    var i = start
    while i < end {
      switch bytes[i] {
      case 0x20, 0x09:
        i += 1
      case UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "#"), UInt8(ascii: "~"),
        UInt8(ascii: "="):
        symbols += 1
        i += 1
      case 0xE2 where i + 2 < end:
        // U+2028 between lines; • U+2022, ⁂ U+2042, — U+2014, ✻ ✽ ❋ (U+273B, U+273D, U+274B).
        let second = bytes[i + 1]
        let third = bytes[i + 2]
        if second == 0x80 && third == 0xA8 {
        } else if (second == 0x80 && (third == 0xA2 || third == 0x94))
          || (second == 0x81 && third == 0x82)
          || (second == 0x9C && (third == 0xBB || third == 0xBD))
          || (second == 0x9D && third == 0x8B)
        {
          symbols += 1
        } else {
          return .text
        }
        i += 3
      case 0xC2 where i + 1 < end && bytes[i + 1] == 0xB7:  // ·
        symbols += 1
        i += 2
      default:
        return .text
      }
    }
    // One ⁂ is a break; otherwise at least three marks (a lone "-" or "**" is not).
    let isAsterism = end - start == 3 && bytes[start + 1] == 0x81 && bytes[start + 2] == 0x82
    return symbols >= 3 || (isAsterism && symbols == 1) ? .sceneBreak : .text
  }

  private static func startsWith(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ prefix: StaticString
  ) -> Bool {
    guard end - start >= prefix.utf8CodeUnitCount else { return false }
    let count = prefix.utf8CodeUnitCount
    return (0..<count).allSatisfy { bytes[start + $0] == prefix.utf8Start[$0] }
  }
}
