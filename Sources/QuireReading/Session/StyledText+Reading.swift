import QuireBook

extension StyledText {
  /// The text from `offset` (a paragraph start) to the end, with every range shifted so
  /// that `offset` becomes 0: what a paginator resumed at a cached page break lays out.
  ///
  /// - Complexity: O(length + runs).
  func suffix(from offset: Int) -> StyledText {
    guard offset > 0 else { return self }
    let utf16 = string.utf16
    let start = utf16.index(utf16.startIndex, offsetBy: min(offset, utf16.count))
    func shifted<V>(_ runs: [StyledRun<V>]) -> [StyledRun<V>] {
      runs.compactMap { run in
        guard run.range.upperBound > offset else { return nil }
        let lower = max(run.range.lowerBound, offset) - offset
        return StyledRun(range: lower..<(run.range.upperBound - offset), value: run.value)
      }
    }
    let attachments = self.attachments.compactMap { attachment -> Attachment? in
      guard attachment.offset >= offset else { return nil }
      var moved = attachment
      moved.offset -= offset
      return moved
    }
    var text = StyledText(
      string: String(string[start...]), runs: shifted(runs), paragraphs: shifted(paragraphs),
      links: shifted(links), attachments: attachments)
    // The book's embedded faces set the rest of the chapter as they set its start.
    text.fontFaces = fontFaces
    text.rubies = rubies.compactMap { ruby in
      guard ruby.base.lowerBound >= offset else { return nil }
      return RubyAnnotation(
        base: (ruby.base.lowerBound - offset)..<(ruby.base.upperBound - offset), text: ruby.text)
    }
    return text
  }

  /// The text with justified paragraphs set ragged left, for a reader who turned
  /// justification off (the book's centred and right-aligned paragraphs stay as they are).
  func withoutJustification() -> StyledText {
    var text = self
    for index in text.paragraphs.indices where text.paragraphs[index].value.alignment == .justified
    {
      text.paragraphs[index].value.alignment = .left
    }
    return text
  }
}
