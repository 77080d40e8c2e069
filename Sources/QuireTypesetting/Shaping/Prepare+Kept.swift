import QuireBook

/// Paragraphs that keep their spaces and line breaks (`<pre>`, `white-space: pre`), and
/// verse, whose lines wrap the same way.
extension ItemBuilder {
  /// Spaces of a paragraph that keeps them (`<pre>`): those that start a line are a box
  /// (glue there would be dropped, and the indent with it), a tab reaches the next of
  /// every eighth column, and a break at the others wraps the line with a hanging indent.
  mutating func addKeptSpaces(_ range: Range<Int>, space: Double) {
    let lineStart = max(keptLineStart, content.lowerBound)
    var column = range.lowerBound - lineStart
    let startColumn = column
    for i in range { column = units[i] == 0x09 ? (column / 8 + 1) * 8 : column + 1 }
    let width = Double(column - startColumn) * space
    naturalWidth += width
    if range.lowerBound == lineStart || !canBreak(after: range.upperBound - 1) {
      if range.lowerBound == lineStart { keptIndent = width }
      items.append(.box(width, offset: range.lowerBound - base, piece: -1))
      return
    }
    addKeptBreak(at: range.lowerBound - base, width: width, resumeAt: range.upperBound - base)
  }

  /// The hanging indent of a wrapped line in a paragraph that keeps its lines: its line's
  /// own indent and four spaces of the run's font (four columns of a monospace one); two
  /// ems in verse, as poems are printed.
  var hangingIndent: Double { verse ? 2 * options.fontSize : keptIndent + 4 * keptSpace }

  /// A break in a kept line (`<pre>`): unbroken, `width` of space; broken, the line ends
  /// at `offset` and the next one starts at `resumeAt` after a hanging indent. Knuth &
  /// Plass's trick: glue after a break is dropped up to the first box, so an empty box
  /// keeps the indent's glue after it.
  mutating func addKeptBreak(
    at offset: Int, width: Double, resumeAt: Int, penalty: Double = 0, flagged: Bool = false
  ) {
    let hang = hangingIndent
    items.append(.penalty(penalty, flagged: flagged, offset: offset))
    items.append(.glue(width - hang, stretch: 0, shrink: 0, offset: offset))
    items.append(.box(0, offset: resumeAt, piece: -1))
    items.append(.penalty(KnuthPlass.infinitePenalty, offset: resumeAt))
    items.append(.glue(hang, stretch: 0, shrink: 0, offset: resumeAt))
  }
}
