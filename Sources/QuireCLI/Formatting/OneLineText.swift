/// Text flattened to one line for listings: every run of whitespace, line breaks
/// included, becomes one space, and the ends are trimmed.
enum OneLineText {
  /// `text` on one line.
  static func of(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
