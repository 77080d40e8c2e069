import QuireTypesetting
import QuireUI

/// Draws a panel as a framed box over the page: its title in the top border, the text
/// field, the rows around the selection, and the hint line at the bottom (the look-up's
/// definitions as a popup of their own, `TerminalPanelPainter+LookUp`).
///
/// Every line is written in visual order (`CellGrid.putLine`): a row is the interface's,
/// left to right, with a Hebrew or Arabic title in it reading right to left; a popup's
/// lines are the book's text, in its own direction.
struct TerminalPanelPainter {
  let colours: ScreenPainter.Palette

  func draw(_ panel: Panel, into grid: inout CellGrid) {
    if panel.kind == .lookUp {
      drawLookUp(panel, into: &grid)
      return
    }
    if panel.kind == .statistics {
      drawStatistics(panel, into: &grid)
      return
    }
    let isPopup = [.footnote, .confirmLink, .note].contains(panel.kind)
    let width = min(grid.columns - 2, isPopup ? 72 : 100)
    guard width >= 10, grid.rows >= 5 else { return }
    let inner = width - 4
    var body:
      [(text: String, detail: String, selected: Bool, current: Bool, emphasis: Range<Int>?)] =
        []
    if isPopup {
      for row in panel.rows {
        for line in Self.wrap(row.text, width: inner) {
          body.append((line, "", false, false, nil))
        }
        if !row.detail.isEmpty { body.append((row.detail, "", false, false, nil)) }
        body.append(("", "", false, false, nil))
      }
      if body.last?.text == "" { body.removeLast() }
    } else {
      for (index, row) in panel.rows.enumerated() {
        body.append(
          (
            String(repeating: "  ", count: row.depth) + row.text, row.detail,
            index == panel.selection, row.isCurrent,
            row.emphasis.map { ($0.lowerBound + row.depth * 2)..<($0.upperBound + row.depth * 2) }
          ))
      }
    }
    let fieldRows = panel.field == nil ? 0 : 2
    let maxBody = max(1, grid.rows - 4 - fieldRows - 2)
    let shownCount = min(maxBody, max(1, body.count))
    let height = shownCount + fieldRows + 4
    let (left, top) = box(width: width, height: height, title: panel.title, &grid)
    var y = top + 1
    if let field = panel.field {
      let label = field.label + ": "
      let end = grid.put(label, column: left + 2, row: y, attributes: colours.panel)
      var typed = colours.panel
      typed.bold = true
      let after = grid.putLine(
        ScreenPainter.fit(field.text, width: inner - CellWidth.of(label) - 1), column: end, row: y,
        attributes: typed)
      if field.isEditing {
        var cursor = colours.panel
        cursor.reverse = true
        grid.put(" ", column: after, row: y, attributes: cursor)
      }
      y += 2
    }
    // The rows around the selection.
    let selected = panel.selection ?? 0
    let first = max(0, min(selected - shownCount / 2, body.count - shownCount))
    if body.isEmpty, panel.isWorking {
      grid.put("Searching…", column: left + 2, row: y, attributes: colours.panel)
    }
    for (offset, row) in body.dropFirst(first).prefix(shownCount).enumerated() {
      let attributes = row.selected ? colours.panelSelected : colours.panel
      if row.selected {
        grid.fill(
          column: left + 1, row: y + offset, width: width - 2, height: 1, attributes: attributes)
      }
      let detail = ScreenPainter.fit(row.detail, width: inner / 2)
      let textWidth = inner - (detail.isEmpty ? 0 : CellWidth.of(detail) + 2)
      let marker = row.current ? "▸ " : ""
      var text = attributes
      text.bold = text.bold || row.current
      let start = grid.put(marker, column: left + 2, row: y + offset, attributes: text)
      let line = ScreenPainter.fit(row.text, width: textWidth - CellWidth.of(marker))
      if let emphasis = row.emphasis, !row.selected {
        var column = start
        let visual =
          grid.terminalBidi
          ? nil : Typesetting.visualCharacters(of: line, direction: isPopup ? nil : .leftToRight)
        for (index, character) in visual ?? line.enumerated().map({ ($0.offset, $0.element) }) {
          var style = text
          if emphasis.contains(index) {
            style = colours.match
            style.bold = true
          }
          column = grid.put(String(character), column: column, row: y + offset, attributes: style)
        }
      } else {
        grid.putLine(
          line, column: start, row: y + offset, attributes: text,
          direction: isPopup ? nil : .leftToRight)
      }
      if !detail.isEmpty {
        var dim = attributes
        dim.dim = !row.selected
        grid.putLine(
          detail, column: left + width - 2 - CellWidth.of(detail), row: y + offset,
          attributes: dim)
      }
    }
    drawFoot(
      panel.hint, shown: first..<first + shownCount, of: body.count, left: left, top: top,
      width: width, height: height, into: &grid)
  }

  /// A box's foot: which rows show ("1–34 of 93") in its bottom border when not all do,
  /// and the hint line above the border, dimmed and cut to fit.
  func drawFoot(
    _ hint: String, shown: Range<Int>, of count: Int, left: Int, top: Int, width: Int,
    height: Int, into grid: inout CellGrid
  ) {
    if count > shown.count {
      let more = " \(shown.lowerBound + 1)–\(shown.upperBound) of \(count) "
      grid.put(
        more, column: left + width - 2 - CellWidth.of(more), row: top + height - 1,
        attributes: colours.panel)
    }
    var dim = colours.panel
    dim.dim = true
    grid.putLine(
      ScreenPainter.fit(hint, width: width - 4), column: left + 2, row: top + height - 2,
      attributes: dim)
  }

  /// A box of `width` × `height` cells in the middle of the grid, filled with the panel's
  /// colours and framed with `title`; its top left cell.
  func box(width: Int, height: Int, title: String, _ grid: inout CellGrid) -> (
    left: Int, top: Int
  ) {
    let left = (grid.columns - width) / 2
    let top = max(0, (grid.rows - height) / 2)
    grid.fill(column: left, row: top, width: width, height: height, attributes: colours.panel)
    frame(left: left, top: top, width: width, height: height, title: title, &grid)
    return (left, top)
  }

  /// The box's border, with `title` in its top edge.
  func frame(
    left: Int, top: Int, width: Int, height: Int, title: String, _ grid: inout CellGrid
  ) {
    let label = " " + ScreenPainter.fit(title, width: width - 6) + " "
    let rest = max(0, width - 3 - CellWidth.of(label))
    grid.put(
      "╭─" + (grid.terminalBidi ? label : Typesetting.visualLine(label))
        + String(repeating: "─", count: rest) + "╮",
      column: left, row: top, attributes: colours.panel)
    for row in (top + 1)..<(top + height - 1) {
      grid.put("│", column: left, row: row, attributes: colours.panel)
      grid.put("│", column: left + width - 1, row: row, attributes: colours.panel)
    }
    grid.put(
      "╰" + String(repeating: "─", count: width - 2) + "╯", column: left, row: top + height - 1,
      attributes: colours.panel)
  }

  /// Words of `text` set ragged in lines of at most `width` cells (a long word is cut).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if CellWidth.of(candidate) <= width {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      var rest = String(word)
      while CellWidth.of(rest) > width {
        var head = ""
        for character in rest {
          if CellWidth.of(head + String(character)) > width { break }
          head.append(character)
        }
        lines.append(head)
        rest.removeFirst(head.count)
      }
      line = rest
    }
    if !line.isEmpty { lines.append(line) }
    return lines.isEmpty ? [""] : lines
  }
}
