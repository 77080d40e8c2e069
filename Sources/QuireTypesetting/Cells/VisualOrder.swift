public import QuireBook

extension Typesetting {
  /// The characters of one line of text in the order a terminal that draws its cells left
  /// to right must be given them (UAX #9 rules L2 and L4: right-to-left runs reversed,
  /// their brackets mirrored), each with its index in `line`'s characters; nil when the
  /// line holds no right-to-left character, and so is already in visual order.
  ///
  /// `direction` is the line's base direction: the interface's own (left to right) for a
  /// status line or a panel's row, nil for a line of a book's text (that of its first
  /// strong character, rules P2 and P3). In an interface line the parts between its
  /// separators (" · ") are each isolated (as UAX #9's FSI…PDI would): a Hebrew title
  /// before " · 12 of 40" reads right to left without taking the figures into its run.
  /// Grapheme clusters stay whole (an Arabic letter keeps its vowel marks).
  /// - Complexity: O(n); a line without a right-to-left character is told in one pass.
  public static func visualCharacters(
    of line: String, direction: ParagraphStyle.Direction? = .leftToRight
  ) -> [(index: Int, character: Character)]? {
    guard line.unicodeScalars.contains(where: { Bidi.mayBeRightToLeft($0.value) }) else {
      return nil
    }
    guard direction != nil, line.contains(interfaceSeparator) else {
      return isolatedCharacters(of: line, direction: direction)
    }
    var result: [(index: Int, character: Character)] = []
    var offset = 0
    for (k, part) in line.split(separator: interfaceSeparator, omittingEmptySubsequences: false)
      .enumerated()
    {
      if k > 0 {
        for character in interfaceSeparator {
          result.append((offset, character))
          offset += 1
        }
      }
      let ordered =
        isolatedCharacters(of: String(part), direction: direction)
        ?? Array(part).enumerated().map { ($0.offset, $0.element) }
      result += ordered.map { (offset + $0.index, $0.character) }
      offset += part.count
    }
    return result
  }

  /// What separates the parts of an interface line ("12 of 40 · 5 min left").
  static let interfaceSeparator = " · "

  /// `visualCharacters(of:direction:)` for one isolated run of text.
  static func isolatedCharacters(
    of line: String, direction: ParagraphStyle.Direction?
  ) -> [(index: Int, character: Character)]? {
    guard line.unicodeScalars.contains(where: { Bidi.mayBeRightToLeft($0.value) }) else {
      return nil
    }
    let units = Array(line.utf16)
    let found = units.withUnsafeBufferPointer {
      Bidi.levels(of: $0, language: "", direction: direction, hasRightToLeft: true)
    }
    guard let found else { return nil }
    let characters = Array(line)
    var levels: [UInt8] = []
    levels.reserveCapacity(characters.count)
    var unit = 0
    for character in characters {
      levels.append(found.levels[min(unit, found.levels.count - 1)])
      unit += character.utf16.count
    }
    return Bidi.visualOrder(levels: levels).map { index in
      let character = characters[index]
      guard levels[index] & 1 == 1, character.unicodeScalars.count == 1,
        let scalar = character.unicodeScalars.first,
        let mirrored = Unicode.Scalar(Bidi.mirrored(scalar.value)), mirrored != scalar
      else { return (index, character) }
      return (index, Character(mirrored))
    }
  }

  /// `line` in visual order (see `visualCharacters(of:direction:)`).
  public static func visualLine(
    _ line: String, direction: ParagraphStyle.Direction? = .leftToRight
  ) -> String {
    guard let characters = visualCharacters(of: line, direction: direction) else { return line }
    return String(characters.map(\.character))
  }
}
