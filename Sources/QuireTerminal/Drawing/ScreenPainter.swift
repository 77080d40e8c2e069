import QuireBook
import QuireReading
import QuireRendering
import QuireTypesetting
import QuireUI

/// Draws a `ReaderScreen` into a cell grid: the header, the page or facing pages, the
/// progress bar and status line, and the panel or popup on top.
///
/// Colours come from the screen's theme. Without colour (`NO_COLOR`, a dumb terminal) the
/// terminal's own colours are kept and marks are drawn in reverse video.
struct ScreenPainter {
  let colors: ColorMode
  /// Pictures drawn as graphics over the grid, by href: their cells stay blank.
  var graphics: Set<String> = []

  /// The theme's colours as cell attributes.
  struct Palette {
    var text: CellGrid.Attributes
    var secondary: CellGrid.Attributes
    var link: CellGrid.Attributes
    var match: CellGrid.Attributes
    var currentMatch: CellGrid.Attributes
    /// Behind a highlight, by its colour.
    var highlights: [Highlight.Colour: CellGrid.Attributes]
    var selection: CellGrid.Attributes
    /// Behind the sentence and the word read aloud.
    var spokenSentence: CellGrid.Attributes
    var spokenWord: CellGrid.Attributes
    var panel: CellGrid.Attributes
    var panelSelected: CellGrid.Attributes
    var accent: CellGrid.Attributes
    var track: CellGrid.Attributes
    var error: CellGrid.Attributes
  }

  func palette(for theme: Theme) -> Palette {
    guard colors != .none else {
      let plain = CellGrid.Attributes()
      var reverse = plain
      reverse.reverse = true
      var dim = plain
      dim.dim = true
      var underline = plain
      underline.underline = true
      var bold = plain
      bold.bold = true
      var selection = reverse
      selection.bold = true
      // The sentence read aloud is underlined, its word in reverse video.
      let spokenWord = reverse
      // Without colours every highlight is reverse video, the selection reverse and bold.
      let highlights = Dictionary(
        uniqueKeysWithValues: Highlight.Colour.allCases.map { ($0, reverse) })
      return Palette(
        text: plain, secondary: dim, link: underline, match: reverse, currentMatch: reverse,
        highlights: highlights, selection: selection, spokenSentence: underline,
        spokenWord: spokenWord, panel: plain, panelSelected: reverse, accent: bold, track: dim,
        error: bold)
    }
    let background = theme.background
    func attributes(_ foreground: Color, _ back: Color? = nil) -> CellGrid.Attributes {
      CellGrid.Attributes(foreground: foreground, background: back ?? background)
    }
    var link = attributes(theme.link)
    link.underline = true
    var selected = attributes(theme.background, theme.accent)
    selected.bold = true
    let highlights = Dictionary(
      uniqueKeysWithValues: Highlight.Colour.allCases.map {
        ($0, attributes(theme.text, HighlightPalette.background($0, dark: theme.isDark)))
      })
    var error = attributes(Color(red: 0xD0, green: 0x30, blue: 0x30))
    error.bold = true
    var current = attributes(theme.background, theme.accent)
    current.bold = true
    return Palette(
      text: attributes(theme.text), secondary: attributes(theme.secondaryText),
      link: link, match: attributes(theme.text, theme.searchMatch.opaque(over: background)),
      currentMatch: current, highlights: highlights,
      selection: attributes(theme.text, HighlightPalette.selection(dark: theme.isDark)),
      spokenSentence: attributes(theme.text, HighlightPalette.spokenSentence(dark: theme.isDark)),
      spokenWord: attributes(theme.text, HighlightPalette.spokenWord(dark: theme.isDark)),
      panel: attributes(theme.panelText, theme.panel.opaque(over: background)),
      panelSelected: selected, accent: attributes(theme.accent), track: attributes(theme.track),
      error: error)
  }

  /// The frame for `screen` on a `columns × rows` terminal.
  func paint(_ screen: ReaderScreen, columns: Int, rows: Int) -> CellGrid {
    let colours = palette(for: screen.theme)
    var grid = CellGrid(columns: columns, rows: rows, fill: colours.text)
    grid.ambiguousWide = screen.ambiguousWide
    grid.terminalBidi = screen.terminalBidi
    if let tooSmall = screen.tooSmall {
      grid.put(tooSmall, column: 0, row: 0, attributes: colours.text)
      return grid
    }
    drawHeader(screen, into: &grid, colours)
    for side in screen.sides { draw(side, into: &grid, colours) }
    drawStatus(screen, into: &grid, colours)
    if let panel = screen.panel { TerminalPanelPainter(colours: colours).draw(panel, into: &grid) }
    return grid
  }

  /// The running heads: over one page the book's title at the text's left and the
  /// chapter at its right; over facing pages the book's title over the first page (in
  /// reading order) and the chapter of the second over that one, each at its page's outer
  /// edge, so each page's head names what is on it.
  private func drawHeader(_ screen: ReaderScreen, into grid: inout CellGrid, _ colours: Palette) {
    guard let first = screen.sides.first else { return }
    if screen.sides.count >= 2, let second = screen.sides.last {
      let outerLeft = first.frame.x <= second.frame.x
      let title = Self.fit(screen.bookTitle, width: Int(first.frame.width))
      let chapter = Self.fit(second.runningHead, width: Int(second.frame.width))
      grid.putLine(
        title,
        column: outerLeft ? Int(first.frame.x) : Int(first.frame.maxX) - CellWidth.of(title),
        row: 0, attributes: colours.secondary)
      grid.putLine(
        chapter,
        column: outerLeft ? Int(second.frame.maxX) - CellWidth.of(chapter) : Int(second.frame.x),
        row: 0, attributes: colours.secondary)
      return
    }
    let left = Int(first.frame.x)
    let right = Int(first.frame.maxX)
    let width = right - left
    let title = Self.fit(screen.bookTitle, width: width / 2)
    let head = first.runningHead.isEmpty ? screen.chapterTitle : first.runningHead
    let chapter = Self.fit(head, width: width - CellWidth.of(title) - 3)
    grid.putLine(title, column: left, row: 0, attributes: colours.secondary)
    grid.putLine(
      chapter, column: right - CellWidth.of(chapter), row: 0, attributes: colours.secondary)
  }

  private func draw(_ side: PageSide, into grid: inout CellGrid, _ colours: Palette) {
    // Lines are laid out in visual order; a terminal that applies bidi itself gets them
    // in logical order.
    let page = side.cells(logicalOrder: grid.terminalBidi)
    let left = Int(side.frame.x)
    let top = Int(side.frame.y)
    for (row, runs) in page.lines.enumerated() {
      for (index, run) in runs.enumerated() {
        grid.put(
          run.text, column: left + run.column, row: top + row,
          attributes: attributes(run.style, colours), limit: left + page.columns)
        // The spaces between two words of one mark (a selection, a highlight) are marked
        // too, so it reads as one stretch: spaces are glue, not glyphs, on a cell page.
        guard index + 1 < runs.count else { continue }
        let next = runs[index + 1]
        let gap = next.column - (run.column + run.width)
        guard gap > 0, run.range.upperBound < next.range.lowerBound,
          let marks = Self.sharedMarks(run.style, next.style)
        else { continue }
        grid.put(
          String(repeating: " ", count: gap), column: left + run.column + run.width,
          row: top + row, attributes: attributes(marks, colours), limit: left + page.columns)
      }
    }
    for picture in page.pictures where !graphics.contains(picture.attachment.href) {
      // A page that is only a picture (a comic's page) says why it is not shown.
      let isPicturePage = if case .fixed = side.page.kind { true } else { false }
      drawPlaceholder(
        picture, left: left, top: top, &grid, colours,
        lines: isPicturePage ? pictureMessage(picture) : nil)
    }
    drawMarks(side, left: left, top: top, columns: page.columns, into: &grid, colours)
  }

  /// A note's mark (✎) in the margin beside the line its passage starts on, and a
  /// bookmark's ribbon (🔖) over the page's top right corner.
  private func drawMarks(
    _ side: PageSide, left: Int, top: Int, columns: Int, into grid: inout CellGrid,
    _ colours: Palette
  ) {
    for offset in side.notes {
      guard let line = side.page.lines.first(where: { $0.range.contains(offset) }) else {
        continue
      }
      let row = top + Int(line.frame.y.rounded(.down))
      // The left margin a blank away from the text, or the right one when the page
      // starts at the terminal's edge.
      let column = left >= 2 ? left - 2 : left >= 1 ? left - 1 : left + columns
      grid.put("✎", column: column, row: row, attributes: colours.accent)
    }
    if side.isBookmarked, top >= 1 {
      grid.put("🔖", column: max(left, left + columns - 2), row: top - 1, attributes: colours.accent)
    }
  }

  /// The marks two neighbouring runs share, as a plain style for the blanks between them;
  /// nil when they share none. Beside the word read aloud, the blank is the sentence's: the
  /// word lies inside it.
  static func sharedMarks(_ left: CellPage.Style, _ right: CellPage.Style) -> CellPage.Style? {
    var shared = CellPage.Style()
    switch (left.mark, right.mark) {
    case (let same, let other) where same == other: shared.mark = same
    case (.spokenWord?, .spokenSentence?): shared.mark = right.mark
    case (.spokenSentence?, .spokenWord?): shared.mark = left.mark
    default: break
    }
    if left.underlineMark == right.underlineMark { shared.underlineMark = left.underlineMark }
    if left.strikeMark == right.strikeMark { shared.strikeMark = left.strikeMark }
    let marked = shared.mark != nil || shared.underlineMark != nil || shared.strikeMark != nil
    return marked ? shared : nil
  }

  /// A framed box with the image's alt text and size: what a terminal without graphics
  /// shows in the image's place.
  /// `lines`, when given, are said in the box's middle in place of the label.
  private func drawPlaceholder(
    _ picture: CellPage.Picture, left: Int, top: Int, _ grid: inout CellGrid, _ colours: Palette,
    lines: [String]? = nil
  ) {
    let x = left + picture.column
    let y = top + picture.row
    let width = max(4, picture.width)
    let height = max(1, picture.height)
    if height == 1 {
      grid.put(
        Self.fit("[" + label(of: picture.attachment) + "]", width: width), column: x, row: y,
        attributes: colours.secondary)
      return
    }
    grid.put(
      "┌" + String(repeating: "─", count: width - 2) + "┐", column: x, row: y,
      attributes: colours.secondary)
    for row in 1..<(height - 1) {
      grid.put("│", column: x, row: y + row, attributes: colours.secondary)
      grid.put("│", column: x + width - 1, row: y + row, attributes: colours.secondary)
    }
    grid.put(
      "└" + String(repeating: "─", count: width - 2) + "┘", column: x, row: y + height - 1,
      attributes: colours.secondary)
    let said =
      lines.flatMap { height >= $0.count + 2 ? $0 : nil } ?? [label(of: picture.attachment)]
    let first = y + max(1, (height - said.count) / 2)
    for (index, line) in said.enumerated() {
      let text = Self.fit(line, width: width - 4)
      grid.put(
        text, column: x + (width - CellWidth.of(text)) / 2, row: first + index,
        attributes: colours.secondary)
    }
  }

  /// What a page that is only a picture says in its frame when the terminal cannot draw
  /// it: what the page is, that pictures cannot be shown here, and where they can.
  private func pictureMessage(_ picture: CellPage.Picture) -> [String] {
    [
      label(of: picture.attachment), "",
      "This page is a picture;", "this terminal cannot show pictures.",
      "The window can: quire open --window", "(as can a terminal with kitty or sixel graphics)",
    ]
  }

  private func label(of attachment: Attachment) -> String {
    let alt = attachment.alternativeText.flatMap { $0.isEmpty ? nil : $0 }
    let name = alt ?? (attachment.href.split(separator: "/").last.map(String.init) ?? "image")
    let size = attachment.intrinsicSize.map { " · \($0.width)×\($0.height)" } ?? ""
    return "image: " + name + size
  }

  private func attributes(_ style: CellPage.Style, _ colours: Palette) -> CellGrid.Attributes {
    var result = style.link || style.noteReference ? colours.link : colours.text
    if let foreground = style.foreground, colors != .none, !style.link {
      result.foreground = foreground
    }
    if style.dim { result.dim = true }
    result.bold = result.bold || style.bold
    result.italic = style.italic
    result.underline = result.underline || style.underline
    result.strikethrough = style.strikethrough
    switch style.mark {
    case .currentMatch?:
      result = merge(colours.currentMatch, into: result)
    case .searchMatch?:
      result = merge(colours.match, into: result)
    case .highlight(let colour, _)?:
      if let highlight = colours.highlights[colour] { result = merge(highlight, into: result) }
    case .selection?:
      result = merge(colours.selection, into: result)
    case .spokenSentence(let colour)?:
      var spoken = colours.spokenSentence
      // The book's own colour for what its narration reads, where it gives one.
      if let colour, colors != .none { spoken.background = colour }
      result = merge(spoken, into: result)
    case .spokenWord?:
      result = merge(colours.spokenWord, into: result)
    case nil:
      break
    }
    if let colour = style.underlineMark {
      result.underline = true
      result.underlineColor = colors == .none ? nil : HighlightPalette.ink(colour)
    }
    if style.strikeMark != nil { result.strikethrough = true }
    return result
  }

  private func merge(_ mark: CellGrid.Attributes, into base: CellGrid.Attributes)
    -> CellGrid.Attributes
  {
    var result = base
    result.background = mark.background
    if mark.foreground != nil, mark.background != base.background {
      result.foreground = mark.foreground
    }
    result.reverse = mark.reverse
    result.bold = base.bold || mark.bold
    result.underline = base.underline || mark.underline
    return result
  }

  private func drawStatus(_ screen: ReaderScreen, into grid: inout CellGrid, _ colours: Palette) {
    let row = grid.rows - 1
    guard row > 0, let first = screen.sides.first else { return }
    let left = Int(first.frame.x)
    let right = Int(screen.sides.last!.frame.maxX)
    let width = right - left
    if let message = screen.message {
      let text = Self.fit(message.text, width: grid.columns - 2)
      grid.putLine(
        text, column: max(0, (grid.columns - CellWidth.of(text)) / 2), row: row,
        attributes: message.isError ? colours.error : colours.accent)
      return
    }
    guard screen.showsStatus else { return }
    // The thin progress bar over the text's width.
    let done = Int((screen.status.fraction * Double(width)).rounded(.down))
    grid.put(
      String(repeating: "━", count: max(0, min(width, done))), column: left, row: row - 1,
      attributes: colours.accent)
    grid.put(
      String(repeating: "─", count: max(0, width - done)), column: left + done, row: row - 1,
      attributes: colours.track)
    let status = screen.status
    var items: [String] = []
    for item in status.items {
      switch item {
      case "page": if !status.isCountPending { items.append(status.pageText) }
      case "percent": items.append(status.percentText)
      case "time-left":
        if let text = status.chapterTimeText { items.append(text) }
        if let text = status.bookTimeText {
          items.append(text.replacing(" left in book", with: " in book"))
        }
      case "book-time-left":
        if let text = status.bookTimeText { items.append(text) }
      default: break
      }
    }
    let mark = status.isBookmarked ? "🔖 " : ""
    // Reading aloud or auto turn on says so first, in the accent colour.
    let listening = status.listening.map { Self.fit($0, width: width / 2) + " · " } ?? ""
    let lead = CellWidth.of(mark) + CellWidth.of(listening)
    // The chapter keeps at least a few words: the figures at the end give way first.
    while items.count > 1, width - CellWidth.of(items.joined(separator: " · ")) - lead - 2 < 18 {
      items.removeLast()
    }
    let rightText = items.joined(separator: " · ")
    let chapterWidth = width - CellWidth.of(rightText) - lead - 2
    let chapter =
      status.items.contains("chapter") ? Self.fit(status.chapter, width: chapterWidth) : ""
    grid.putLine(mark, column: left, row: row, attributes: colours.secondary)
    grid.put(listening, column: left + CellWidth.of(mark), row: row, attributes: colours.accent)
    grid.putLine(chapter, column: left + lead, row: row, attributes: colours.secondary)
    grid.put(
      rightText, column: max(left, right - CellWidth.of(rightText)), row: row,
      attributes: colours.secondary)
  }

  /// `text` cut to `width` cells with an ellipsis.
  static func fit(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    if CellWidth.of(text) <= width { return text }
    var result = ""
    var used = 0
    for character in text {
      let cells = character.unicodeScalars.first.map { CellWidth.of($0) } ?? 1
      if used + cells > width - 1 { break }
      result.append(character)
      used += cells
    }
    return result + "…"
  }
}

extension Color {
  /// The colour blended over `background` by its alpha.
  func opaque(over background: Color) -> Color {
    guard alpha < 255 else { return self }
    let a = Double(alpha) / 255
    func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
      UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
    }
    return Color(
      red: mix(red, background.red), green: mix(green, background.green),
      blue: mix(blue, background.blue))
  }
}
