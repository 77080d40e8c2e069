extension DefinitionText {
  /// Several texts one after another, each spaced from the one before (a dictionary's
  /// entries for one word).
  static func joined(_ texts: [DefinitionText]) -> DefinitionText {
    guard var result = texts.first else { return .empty }
    for text in texts.dropFirst() where !text.paragraphs.isEmpty {
      var next = text
      next.paragraphs[0].isSpaced = true
      result = result.appending(next)
    }
    return result
  }

  /// Texts one after another, each spaced from the one before unless it follows a
  /// `.title` line (a dictionary's name sits close to its definition).
  static func stacked(_ texts: [DefinitionText]) -> DefinitionText {
    var result = DefinitionText.empty
    var afterTitle = false
    for text in texts where !text.paragraphs.isEmpty {
      var next = text
      next.paragraphs[0].isSpaced = result.length > 0 && !afterTitle
      afterTitle = next.spans.count == 1 && next.spans[0].style.contains(.title)
      result = result.appending(next)
    }
    return result
  }

  /// This text followed by `other`, its offsets moved along.
  private func appending(_ other: DefinitionText) -> DefinitionText {
    var result = self
    let shift = length
    result.string += other.string
    result.spans += other.spans.map { Span(range: $0.range.shifted(shift), style: $0.style) }
    result.links += other.links.map { Link(range: $0.range.shifted(shift), word: $0.word) }
    result.paragraphs += other.paragraphs.map {
      Paragraph(range: $0.range.shifted(shift), indent: $0.indent, isSpaced: $0.isSpaced)
    }
    return result
  }
}

extension Range<Int> {
  fileprivate func shifted(_ offset: Int) -> Range<Int> {
    (lowerBound + offset)..<(upperBound + offset)
  }
}
