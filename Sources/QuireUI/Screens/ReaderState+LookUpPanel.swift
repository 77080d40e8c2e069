import QuireLookup

extension ReaderState {
  /// The look-up popup: a row per paragraph of the definitions (each dictionary's name a
  /// current row), indented as the dictionary indents, with its links and the one chosen
  /// emphasised; the words followed to get here in the title.
  func lookUpPanel(_ popup: LookUpPanel) -> Panel {
    let text = popup.text
    let chosen = popup.link.map { text.links[$0] }
    var rows: [Panel.Row] = []
    var nextLink = 0
    for paragraph in text.paragraphs {
      // The paragraph without its line break, and its links in characters of that text.
      let end = max(paragraph.range.lowerBound, paragraph.range.upperBound - 1)
      let line = text.substring(paragraph.range.lowerBound..<end)
      func characters(_ range: Range<Int>) -> Range<Int> {
        let lower = text.substring(paragraph.range.lowerBound..<range.lowerBound).count
        return lower..<(lower + text.substring(range.clamped(to: paragraph.range)).count)
      }
      var row = Panel.Row(
        text: line, depth: paragraph.indent,
        isCurrent: text.spans.contains {
          $0.style.contains(.title) && $0.range.lowerBound == paragraph.range.lowerBound
        })
      while nextLink < text.links.count,
        text.links[nextLink].range.lowerBound < paragraph.range.upperBound
      {
        let link = text.links[nextLink]
        let range = characters(link.range)
        row.links.append(Panel.Link(range: range, word: link.word))
        if link == chosen { row.emphasis = range }
        nextLink += 1
      }
      rows.append(row)
    }
    let trail = (popup.request.earlier + [popup.request.word]).suffix(3)
    var hint = "↑↓ scroll"
    if !text.links.isEmpty { hint += " · ←→ choose a link · Enter follows it" }
    if let previous = popup.request.earlier.last { hint += " · Backspace: “\(previous)”" }
    hint += " · Esc closes"
    var panel = Panel(
      kind: .lookUp, title: trail.map { "“\($0)”" }.joined(separator: " → "), field: nil,
      rows: rows, selection: nil, hint: hint, isWorking: false)
    panel.scroll = min(popup.scroll, max(0, rows.count - 1))
    panel.styledText = text.styledText(language: popup.request.language)
    return panel
  }
}
