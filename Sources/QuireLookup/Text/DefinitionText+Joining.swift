extension DefinitionText {
  /// Several texts one after another, each spaced from the one before (a dictionary's
  /// entries for one word).
  static func joined(_ texts: [DefinitionText]) -> DefinitionText {
    guard var result = texts.first else { return .empty }
    for text in texts.dropFirst() {
      let shift = result.length
      result.string += text.string
      result.spans += text.spans.map { Span(range: $0.range.shifted(shift), style: $0.style) }
      result.links += text.links.map { Link(range: $0.range.shifted(shift), word: $0.word) }
      for (index, paragraph) in text.paragraphs.enumerated() {
        result.paragraphs.append(
          Paragraph(
            range: paragraph.range.shifted(shift), indent: paragraph.indent,
            isSpaced: index == 0 || paragraph.isSpaced))
      }
    }
    return result
  }
}

extension Range<Int> {
  fileprivate func shifted(_ offset: Int) -> Range<Int> {
    (lowerBound + offset)..<(upperBound + offset)
  }
}
