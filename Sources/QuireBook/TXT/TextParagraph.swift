/// One paragraph of a TXT chapter before it goes into a `StyledText`.
struct TextParagraph {
  /// What the paragraph is.
  enum Kind: Equatable {
    case body
    /// Indented lines of a poem or letter, kept line by line (U+2028 between lines).
    case verse
    /// A chapter or part heading of the given ParagraphStyle level.
    case heading(level: Int)
  }

  var kind: Kind
  /// The text, without indentation and without "\n".
  var text: String
  /// Whether the source indented the first line (full-width spaces or ASCII spaces).
  var isIndented: Bool
  /// Length in UTF-16 units, counted once.
  let length: Int

  init(kind: Kind, text: String, isIndented: Bool = false) {
    self.kind = kind
    self.text = text
    self.isIndented = isIndented
    length = text.utf16.count
  }
}
