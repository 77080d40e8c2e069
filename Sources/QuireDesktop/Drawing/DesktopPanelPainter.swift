import Foundation
import QuireBook
import QuireRendering
import QuireTypesetting
import QuireUI

/// Where a drawn panel's parts are, for clicks.
struct PanelLayout {
  /// The card; a click outside it closes the panel.
  var card: Rect
  /// Each row shown and the row's index in `Panel.rows`.
  var rows: [(index: Int, frame: Rect)] = []
  /// The confirmation's buttons: Enter's and Esc's.
  var confirm: Rect?
  var cancel: Rect?

  /// The panel row under a point.
  func row(at point: Point) -> Int? {
    rows.first { $0.frame.contains(point) }?.index
  }
}

extension Rect {
  func contains(_ point: Point) -> Bool {
    point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
  }
}

/// Draws the shared `Panel` values in the window with Quire's own typesetter, in the
/// theme's panel colours: a card over the dimmed page with a title, a field, the rows
/// (the selection marked, the current entry in bold) and a line of hints; a footnote as
/// a popup with the note's paragraphs set as text; the library as a grid of covers.
struct DesktopPanelPainter {
  let renderer: PageRenderer
  let fonts: FontContext
  let covers: CoverArt
  /// Pixels per point.
  let scale: Double

  var textSize: Double { 15 * scale }
  var rowHeight: Double { (textSize * 2).rounded() }

  /// The panel drawn on a transparent window-sized layer, and where its parts are.
  func paint(_ panel: Panel, theme: Theme, width: Int, height: Int) -> (RGBAImage, PanelLayout) {
    var canvas = RGBAImage(width: max(1, width), height: max(1, height))
    let window = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    canvas.fill(window, color: Color(red: 0, green: 0, blue: 0, alpha: theme.isDark ? 110 : 80))
    let layout: PanelLayout
    switch panel.kind {
    case .footnote: layout = paintPopup(panel, theme: theme, window: window, into: &canvas)
    case .confirmLink:
      layout = paintConfirmation(panel, theme: theme, window: window, into: &canvas)
    case .library: layout = paintLibrary(panel, theme: theme, window: window, into: &canvas)
    case .statistics:
      layout = paintStatistics(panel, theme: theme, window: window, into: &canvas)
    default: layout = paintList(panel, theme: theme, window: window, into: &canvas)
    }
    return (canvas, layout)
  }

  // MARK: - Lists

  private func paintList(_ panel: Panel, theme: Theme, window: Rect, into canvas: inout RGBAImage)
    -> PanelLayout
  {
    let s = textSize
    let width = min(window.width - 4 * s, 760 * scale)
    let height = min(window.height - 4 * s, 720 * scale)
    let card = Rect(
      x: ((window.width - width) / 2).rounded(), y: ((window.height - height) / 2).rounded(),
      width: width.rounded(), height: height.rounded())
    var layout = PanelLayout(card: card)
    drawCard(card, theme: theme, into: &canvas)
    let inset = (s * 1.4).rounded()
    var y = card.y + s
    title(panel.title, at: &y, card: card, inset: inset, theme: theme, into: &canvas)
    if let field = panel.field {
      let box = Rect(x: card.x + inset, y: y, width: card.width - 2 * inset, height: rowHeight)
      var fieldColor = theme.background
      fieldColor.alpha = 255
      canvas.fillRoundedRect(box, radius: 6 * scale, color: fieldColor)
      let caret = field.isEditing ? "▏" : ""
      let shown = field.text.isEmpty && !field.isEditing ? "—" : field.text + caret
      renderer.drawLabel(
        "\(field.label):  \(shown)",
        in: Rect(x: box.x + s * 0.6, y: box.y, width: box.width - s * 1.2, height: box.height),
        size: s, color: theme.text, into: &canvas)
      y = box.maxY + s * 0.6
    }
    let hintHeight = rowHeight
    let listBottom = card.maxY - hintHeight - s * 0.4
    let visible = max(1, Int((listBottom - y) / rowHeight))
    let selected = panel.selection ?? 0
    let first: Int
    if panel.kind == .help {
      first = max(0, min(panel.rows.count - visible, selected))
    } else {
      first = max(0, min(panel.rows.count - visible, selected - visible / 2))
    }
    if panel.rows.isEmpty {
      let empty = panel.isWorking ? "Searching…" : emptyText(panel.kind)
      renderer.drawLabel(
        empty, in: Rect(x: card.x + inset, y: y, width: card.width - 2 * inset, height: rowHeight),
        size: s, color: theme.secondaryText, into: &canvas)
    }
    for index in first..<min(panel.rows.count, first + visible) {
      let row = panel.rows[index]
      let frame = Rect(x: card.x + s * 0.5, y: y, width: card.width - s, height: rowHeight)
      if index == panel.selection, panel.kind != .help {
        var fill = theme.accent
        fill.alpha = 48
        canvas.fillRoundedRect(frame, radius: 6 * scale, color: fill)
      }
      let indent = Double(min(row.depth, 6)) * s * 1.2
      let detailWidth = row.detail.isEmpty ? 0 : min(frame.width * 0.42, 300 * scale)
      let textBox = Rect(
        x: card.x + inset + indent, y: y,
        width: frame.maxX - s * 0.9 - detailWidth - (card.x + inset + indent), height: rowHeight)
      renderer.drawLabel(
        (row.isCurrent ? "● " : "") + row.text, in: textBox, size: s,
        weight: row.isCurrent ? 700 : 400, color: theme.panelText, into: &canvas)
      if detailWidth > 0 {
        renderer.drawLabel(
          row.detail,
          in: Rect(
            x: frame.maxX - s * 0.9 - detailWidth, y: y, width: detailWidth, height: rowHeight),
          size: s * 0.86, color: theme.secondaryText, alignment: .right, into: &canvas)
      }
      layout.rows.append((index, frame))
      y += rowHeight
    }
    hint(
      panel.isWorking ? "Searching… · " + panel.hint : panel.hint, card: card, inset: inset,
      theme: theme, into: &canvas)
    return layout
  }

  private func emptyText(_ kind: Panel.Kind) -> String {
    switch kind {
    case .search: "Type what to find, then Enter."
    case .bookmarks: "No bookmarks or notes yet."
    case .contents: "Nothing matches."
    default: "Nothing here."
    }
  }

  // MARK: - A footnote

  private func paintPopup(_ panel: Panel, theme: Theme, window: Rect, into canvas: inout RGBAImage)
    -> PanelLayout
  {
    let s = textSize
    let width = min(window.width - 4 * s, 680 * scale)
    let inset = (s * 1.4).rounded()
    let textWidth = width - 2 * inset
    let paragraphs = panel.rows.map(\.text)
    let page = TextBlock.layout(
      paragraphs, width: textWidth, height: window.height * 0.6, size: s * 1.05, fonts: fonts)
    let textHeight = page.map { ($0.lines.last?.frame.maxY ?? 0) + s * 0.3 } ?? rowHeight
    let height = min(window.height * 0.7, s * 3.2 + textHeight + rowHeight + s)
    let card = Rect(
      x: ((window.width - width) / 2).rounded(), y: (window.height - height - 3 * s).rounded(),
      width: width.rounded(), height: height.rounded())
    drawCard(card, theme: theme, into: &canvas)
    var y = card.y + s
    title(panel.title, at: &y, card: card, inset: inset, theme: theme, into: &canvas)
    if let page {
      var ink = theme
      ink.text = theme.panelText
      renderer.drawText(page, theme: ink, x: card.x + inset, y: y.rounded(), into: &canvas)
    }
    hint(panel.hint, card: card, inset: inset, theme: theme, into: &canvas)
    return PanelLayout(card: card)
  }

  // MARK: - A link to confirm

  private func paintConfirmation(
    _ panel: Panel, theme: Theme, window: Rect, into canvas: inout RGBAImage
  ) -> PanelLayout {
    let s = textSize
    let width = min(window.width - 4 * s, 620 * scale)
    let height = (s * 9).rounded()
    let card = Rect(
      x: ((window.width - width) / 2).rounded(), y: ((window.height - height) / 2).rounded(),
      width: width.rounded(), height: height)
    drawCard(card, theme: theme, into: &canvas)
    let inset = (s * 1.4).rounded()
    var y = card.y + s
    title(panel.title, at: &y, card: card, inset: inset, theme: theme, into: &canvas)
    let url = panel.rows.first?.text ?? ""
    renderer.drawLabel(
      url, in: Rect(x: card.x + inset, y: y, width: card.width - 2 * inset, height: rowHeight),
      size: s, color: theme.link, into: &canvas)
    let buttonWidth = (7 * s).rounded()
    let buttonY = card.maxY - s - rowHeight
    let open = Rect(
      x: card.maxX - inset - buttonWidth, y: buttonY, width: buttonWidth, height: rowHeight)
    let cancel = Rect(
      x: open.x - s - buttonWidth, y: buttonY, width: buttonWidth, height: rowHeight)
    var fill = theme.accent
    fill.alpha = 60
    canvas.fillRoundedRect(open, radius: 6 * scale, color: fill)
    fill.alpha = 24
    canvas.fillRoundedRect(cancel, radius: 6 * scale, color: fill)
    renderer.drawLabel(
      "Open", in: open, size: s, weight: 700, color: theme.panelText, alignment: .center,
      into: &canvas)
    renderer.drawLabel(
      "Cancel", in: cancel, size: s, color: theme.panelText, alignment: .center, into: &canvas)
    return PanelLayout(card: card, confirm: open, cancel: cancel)
  }

  // MARK: - The library

  private func paintLibrary(
    _ panel: Panel, theme: Theme, window: Rect, into canvas: inout RGBAImage
  ) -> PanelLayout {
    let s = textSize
    let card = Rect(
      x: (s * 1.5).rounded(), y: (s * 1.5).rounded(), width: (window.width - 3 * s).rounded(),
      height: (window.height - 3 * s).rounded())
    var layout = PanelLayout(card: card)
    drawCard(card, theme: theme, into: &canvas)
    let inset = (s * 1.4).rounded()
    var y = card.y + s
    title(panel.title, at: &y, card: card, inset: inset, theme: theme, into: &canvas)
    if let field = panel.field {
      let text = field.text.isEmpty ? "type to filter" : field.text + "▏"
      renderer.drawLabel(
        "\(field.label): \(text)",
        in: Rect(x: card.x + inset, y: y, width: card.width - 2 * inset, height: rowHeight),
        size: s, color: field.text.isEmpty ? theme.secondaryText : theme.panelText, into: &canvas)
      y += rowHeight + s * 0.4
    }
    let coverWidth = (150 * scale).rounded()
    let coverHeight = (coverWidth * 1.5).rounded()
    let cellWidth = coverWidth + 2 * s
    // Room under the cover for a title of two lines, the author and the detail.
    let cellHeight = coverHeight + s * 6.4
    let columns = max(1, Int((card.width - 2 * inset + 2 * s) / cellWidth))
    let bottom = card.maxY - rowHeight - s * 0.4
    let visibleRows = max(1, Int((bottom - y) / cellHeight))
    let selected = panel.selection ?? 0
    let firstRow = max(0, selected / columns - visibleRows + 1)
    let gridWidth = Double(columns) * cellWidth - 2 * s
    let left = (card.x + (card.width - gridWidth) / 2).rounded()
    if panel.rows.isEmpty {
      renderer.drawLabel(
        "No books match.", in: Rect(x: left, y: y, width: gridWidth, height: rowHeight), size: s,
        color: theme.secondaryText, into: &canvas)
    }
    for index in (firstRow * columns)..<min(panel.rows.count, (firstRow + visibleRows) * columns) {
      let row = panel.rows[index]
      let column = index % columns
      let line = index / columns - firstRow
      let x = left + Double(column) * cellWidth
      let top = y + Double(line) * cellHeight
      let frame = Rect(
        x: x - s * 0.5, y: top - s * 0.5, width: coverWidth + s, height: cellHeight - s * 0.5)
      if index == panel.selection {
        var fill = theme.accent
        fill.alpha = 52
        canvas.fillRoundedRect(frame, radius: 8 * scale, color: fill)
      }
      let (title, author) = Self.split(row.text)
      let cover = covers.cover(
        path: row.path, title: title, author: author, width: Int(coverWidth),
        height: Int(coverHeight), scale: scale)
      canvas.draw(cover, x: Int(x), y: Int(top))
      var textY = top + coverHeight + s * 0.3
      if let progress = row.progress {
        let bar = Rect(x: x, y: textY, width: coverWidth, height: (3 * scale).rounded())
        canvas.fill(bar, color: theme.track)
        canvas.fill(
          Rect(x: x, y: bar.y, width: coverWidth * min(1, max(0, progress)), height: bar.height),
          color: theme.accent)
      }
      textY += s * 0.5
      // A long title wraps to a second line before it is cut.
      let titleLines = renderer.drawLabelLines(
        (row.isCurrent ? "● " : "") + title,
        in: Rect(x: x, y: textY + s * 0.1, width: coverWidth, height: s * 2.5), size: s * 0.9,
        weight: 700, color: theme.panelText, lines: 2, into: &canvas)
      textY += Double(max(0, titleLines - 1)) * s * 0.9 * 1.25
      renderer.drawLabel(
        author, in: Rect(x: x, y: textY + s * 1.4, width: coverWidth, height: s * 1.4),
        size: s * 0.8, color: theme.secondaryText, into: &canvas)
      renderer.drawLabel(
        row.detail, in: Rect(x: x, y: textY + s * 2.7, width: coverWidth, height: s * 1.4),
        size: s * 0.8, color: theme.secondaryText, into: &canvas)
      layout.rows.append((index, frame))
    }
    hint(
      "Type to filter · click or Enter opens · Tab sorts · Esc returns to the book · drop a file to add it",
      card: card, inset: inset, theme: theme, into: &canvas)
    return layout
  }

  /// "Title — Author" as the library row writes it.
  static func split(_ text: String) -> (title: String, author: String) {
    guard let range = text.range(of: " — ", options: .backwards) else { return (text, "") }
    return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
  }

  // MARK: - Parts

  func drawCard(_ card: Rect, theme: Theme, into canvas: inout RGBAImage) {
    let shadow = Rect(x: card.x, y: card.y + 4 * scale, width: card.width, height: card.height)
    canvas.fillRoundedRect(
      shadow, radius: 12 * scale, color: Color(red: 0, green: 0, blue: 0, alpha: 50))
    var fill = theme.panel
    fill.alpha = 255
    canvas.fillRoundedRect(card, radius: 12 * scale, color: fill)
  }

  func title(
    _ text: String, at y: inout Double, card: Rect, inset: Double, theme: Theme,
    into canvas: inout RGBAImage
  ) {
    let s = textSize
    renderer.drawLabel(
      text, in: Rect(x: card.x + inset, y: y, width: card.width - 2 * inset, height: s * 2),
      size: s * 1.25, weight: 700, color: theme.panelText, into: &canvas)
    y += s * 2.6
  }

  func hint(
    _ text: String, card: Rect, inset: Double, theme: Theme, into canvas: inout RGBAImage
  ) {
    renderer.drawLabel(
      text,
      in: Rect(
        x: card.x + inset, y: card.maxY - rowHeight - textSize * 0.3,
        width: card.width - 2 * inset, height: rowHeight),
      size: textSize * 0.82, color: theme.secondaryText, into: &canvas)
  }
}

/// Paragraphs set by the book's typesetter in a box: a footnote's text in its popup.
enum TextBlock {
  static func layout(
    _ paragraphs: [String], width: Double, height: Double, size: Double, fonts: FontContext
  )
    -> Page?
  {
    var builder = StyledTextBuilder()
    for paragraph in paragraphs where !paragraph.isEmpty {
      var style = ParagraphStyle()
      style.alignment = .left
      style.spacingAfter = 0.5
      builder.beginParagraph(style)
      builder.append(paragraph, TextAttributes())
      builder.endParagraph()
    }
    let text = builder.build()
    guard text.length > 0 else { return nil }
    let container = TextContainer(
      width: max(20, width), height: max(size * 2, height), margins: EdgeInsets(all: 0),
      minimumSegmentWidth: 0)
    let settings = LayoutSettings(fontSize: size, lineHeight: 1.35, hyphenation: true)
    return Paginator(text: text, container: container, settings: settings, fonts: fonts).page(at: 0)
  }
}
