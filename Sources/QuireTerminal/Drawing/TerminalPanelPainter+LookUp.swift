import QuireUI

extension TerminalPanelPainter {
  /// One line of the look-up popup: characters `range` of row `row`, indented `indent`
  /// cells.
  private struct PopupLine {
    var row: Int
    var range: Range<Int>
    var indent: Int
  }

  /// The look-up popup: the definitions wrapped to the box, each dictionary's name bold
  /// with a blank line above it, paragraphs indented as the dictionary indents them, links
  /// underlined and the one chosen in the match colour; shown from the panel's `scroll` row
  /// (further down when the chosen link would be below the box), with where the box is in
  /// the whole in its bottom border.
  func drawLookUp(_ panel: Panel, into grid: inout CellGrid) {
    let width = min(grid.columns - 2, 78)
    guard width >= 16, grid.rows >= 6 else { return }
    let inner = width - 4
    let characters = panel.rows.map { Array($0.text) }
    var lines: [PopupLine] = []
    var firstLine: [Int] = []
    for (index, row) in panel.rows.enumerated() {
      if row.isCurrent, !lines.isEmpty { lines.append(PopupLine(row: -1, range: 0..<0, indent: 0)) }
      firstLine.append(lines.count)
      let indent = min(row.depth * 2, inner / 2)
      for range in Self.wrapRanges(characters[index], width: inner - indent) {
        lines.append(PopupLine(row: index, range: range, indent: indent))
      }
    }
    let shown = max(1, min(grid.rows - 6, lines.count))
    var start = firstLine.indices.contains(panel.scroll) ? firstLine[panel.scroll] : 0
    // The chosen link in the box: its first and last lines.
    if let chosen = panel.rows.firstIndex(where: { $0.emphasis != nil }),
      let emphasis = panel.rows[chosen].emphasis,
      let first = lines.firstIndex(where: {
        $0.row == chosen && $0.range.contains(emphasis.lowerBound)
      }),
      let last = lines.firstIndex(where: {
        $0.row == chosen && $0.range.contains(max(emphasis.lowerBound, emphasis.upperBound - 1))
      })
    {
      start = min(max(start, last - shown + 1), first)
    }
    start = max(0, min(start, lines.count - shown))
    let height = shown + 4
    let (left, top) = box(width: width, height: height, title: panel.title, &grid)
    for (offset, line) in lines.dropFirst(start).prefix(shown).enumerated() {
      guard line.row >= 0 else { continue }
      let row = panel.rows[line.row]
      var column = left + 2 + line.indent
      for index in line.range {
        var style = colours.panel
        style.bold = row.isCurrent
        if row.links.contains(where: { $0.range.contains(index) }) { style.underline = true }
        if row.emphasis?.contains(index) == true {
          style = colours.match
          style.bold = true
        }
        column = grid.put(
          String(characters[line.row][index]), column: column, row: top + 1 + offset,
          attributes: style)
      }
    }
    drawFoot(
      panel.hint, shown: start..<start + shown, of: lines.count, left: left, top: top,
      width: width, height: height, into: &grid)
  }

  /// The lines of `text` set ragged in `width` cells, as ranges of its characters: broken
  /// after spaces, a word longer than the line cut; spaces at a line's end left out.
  static func wrapRanges(_ text: [Character], width: Int) -> [Range<Int>] {
    let width = max(1, width)
    var lines: [Range<Int>] = []
    var start = 0
    while start < text.count {
      var end = start
      var cells = 0
      var lastBreak: Int?
      while end < text.count {
        let cell = CellWidth.of(String(text[end]))
        if cells + cell > width { break }
        cells += cell
        end += 1
        if text[end - 1] == " " { lastBreak = end }
      }
      if end < text.count, let lastBreak, lastBreak > start { end = lastBreak }
      if end == start { end += 1 }
      var trimmed = end
      while trimmed > start + 1, text[trimmed - 1] == " " { trimmed -= 1 }
      lines.append(start..<trimmed)
      start = end
      while start < text.count, text[start] == " " { start += 1 }
    }
    return lines.isEmpty ? [0..<0] : lines
  }
}
