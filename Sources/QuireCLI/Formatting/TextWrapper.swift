/// Greedy line wrapping for terminal output, for Latin and CJK text alike.
///
/// Lines break at spaces, and between CJK characters (which have no spaces), but never
/// before closing punctuation (。，」) or after opening punctuation (「（): a light form
/// of the kinsoku rules the typesetter applies in full.
enum TextWrapper {
  /// An unbreakable piece of text: a word, or one CJK character with its punctuation.
  private struct Piece {
    var text = ""
    var width = 0
    var spaceBefore = false
    var endsWithCJK = false
    var endsWithOpening = false

    mutating func add(_ character: Character, cjk: Bool) {
      text.append(character)
      width += DisplayWidth.of(character)
      endsWithCJK = cjk
      endsWithOpening = TextWrapper.isOpening(character)
    }
  }

  /// The lines of `text` wrapped to `width` columns, each preceded by `indent` spaces.
  /// "\n" in `text` forces a break; a piece wider than a line gets a line of its own.
  /// - Complexity: O(n) in the length of `text`.
  static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
    let prefix = String(repeating: " ", count: indent)
    let available = max(width - indent, 10)
    return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      fill(pieces(of: line), width: available).map { $0.isEmpty ? "" : prefix + $0 }
    }
  }

  private static func fill(_ pieces: [Piece], width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for piece in pieces {
      let space = piece.spaceBefore && !line.isEmpty ? 1 : 0
      if !line.isEmpty && lineWidth + space + piece.width > width {
        lines.append(line)
        line = piece.text
        lineWidth = piece.width
      } else {
        line += (space == 1 ? " " : "") + piece.text
        lineWidth += space + piece.width
      }
    }
    lines.append(line)
    return lines
  }

  private static func pieces(of text: Substring) -> [Piece] {
    var pieces: [Piece] = []
    var current: Piece?
    var pendingSpace = false
    for character in text {
      if character.isWhitespace {
        if let piece = current { pieces.append(piece) }
        current = nil
        pendingSpace = true
        continue
      }
      let cjk = isCJK(character)
      // Only flags are read here: a binding of the piece would hold its text and make the
      // append below copy it.
      if !pendingSpace, let opening = current?.endsWithOpening,
        let afterCJK = current?.endsWithCJK, opening || isClosing(character) || (!cjk && !afterCJK)
      {
        // Grown in place: a copy taken out and stored back would copy the whole piece on
        // every character, quadratic on a long word (a 1 MB note took minutes).
        current?.add(character, cjk: cjk)
        continue
      }
      if let piece = current { pieces.append(piece) }
      var piece = Piece(spaceBefore: pendingSpace)
      piece.add(character, cjk: cjk)
      current = piece
      pendingSpace = false
    }
    if let piece = current { pieces.append(piece) }
    return pieces
  }

  /// Ideographs, kana and Hangul syllables: characters a line may break between.
  static func isCJK(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x3040...0x30FF, 0xAC00...0xD7A3: return true
    default: return scalar.properties.isIdeographic
    }
  }

  private static func isClosing(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.properties.generalCategory {
    case .closePunctuation, .finalPunctuation, .otherPunctuation: return true
    default: return false
    }
  }

  private static func isOpening(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.properties.generalCategory {
    case .openPunctuation, .initialPunctuation: return true
    default: return false
    }
  }
}
