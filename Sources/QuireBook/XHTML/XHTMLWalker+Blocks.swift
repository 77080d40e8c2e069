extension XHTMLWalker {
  /// Walks a block element: headings, paragraphs, containers, lists, tables, `pre`.
  mutating func visitBlock(
    _ element: MarkupElement, name: String, types: [Substring], isNote: Bool, depth: Int
  ) {
    switch name {
    case "tr":
      openBlock(makeBlock(name: name, types: types, isNote: isNote, row: true))
    case "td", "th":
      // A cell: its content joins the row's paragraph after a separator.
      if lineHasContent || pendingLineBreaks > 0 { pendingSeparator = " | " }
      addAnchors(of: element)
      tableCellDepth += 1
      visitChildren(of: element, depth: depth)
      tableCellDepth -= 1
      return
    default:
      openBlock(makeBlock(name: name, types: types, isNote: isNote, row: false))
    }
    addAnchors(of: element)
    switch name {
    case "ul", "ol":
      var start = 1
      if name == "ol", let value = element.value(of: "start").flatMap({ Int($0) }) { start = value }
      lists.append(List(ordered: name == "ol", next: start))
      visitChildren(of: element, depth: depth)
      lists.removeLast()
    case "li":
      pendingMarker = listMarker(for: element).map { ($0, style.textAttributes) }
      visitChildren(of: element, depth: depth)
      pendingMarker = nil
    case "pre", "listing", "xmp":
      stripLeadingNewline = true
      visitChildren(of: element, depth: depth)
      stripLeadingNewline = false
    case "h1", "h2", "h3", "h4", "h5", "h6":
      if firstHeading == nil {
        let text = XHTMLText.collapsed(element.textContent)
        if !text.isEmpty { firstHeading = text }
      }
      visitChildren(of: element, depth: depth)
    default:
      visitChildren(of: element, depth: depth)
    }
    closeBlock()
  }

  /// Makes the paragraph template of a block from its computed style and its parent.
  func makeBlock(name: String, types: [Substring], isNote: Bool, row: Bool) -> Block {
    // A vertical block's CSS margins are physical: its indents along the column come
    // from top and bottom, its spacing across the columns from right (before) and left.
    let computed = style.writingMode == nil ? style : style.turnedForVerticalText
    let parent = blocks.last?.style ?? ParagraphStyle()
    let role = blockRole(name: name, types: types, isNote: isNote, parent: parent.role)
    var paragraph: ParagraphStyle
    var defaultMargins = (top: 0.0, bottom: 0.0)
    if case .heading(let level) = role {
      paragraph = .heading(level: level)
      defaultMargins = (paragraph.spacingBefore, paragraph.spacingAfter)
      paragraph.spacingBefore = 0
      paragraph.spacingAfter = 0
    } else {
      paragraph = ParagraphStyle()
      paragraph.role = role
    }
    let scale = computed.fontScale
    if let alignment = computed.alignment {
      paragraph.alignment = alignment
    } else if role == .preformatted || row {
      paragraph.alignment = .left
    }
    paragraph.firstLineIndent =
      row || role == .preformatted ? 0 : computed.textIndent?.ems(fontScale: scale) ?? 0
    paragraph.leftIndent = clampIndent(
      parent.leftIndent + (computed.marginLeft?.ems(fontScale: scale) ?? 0))
    paragraph.rightIndent = clampIndent(
      parent.rightIndent + (computed.marginRight?.ems(fontScale: scale) ?? 0))
    if let hyphenates = computed.hyphenates { paragraph.hyphenation = hyphenates }
    // A term of a definition list (a dictionary's headword, a glossary entry) never ends
    // a page without the start of its definition.
    if name == "dt" { paragraph.keepWithNext = true }
    if computed.preservesWhitespace || role == .preformatted {
      paragraph.hyphenation = false
      paragraph.preservesWhitespace = true
    }
    paragraph.language = computed.language
    paragraph.direction = computed.direction
    paragraph.writingMode = computed.writingMode
    paragraph.box = positionedBox(of: computed, in: parent.box) ?? parent.box
    let top = computed.marginTop.map { $0.ems(fontScale: scale) } ?? defaultMargins.top
    let bottom = computed.marginBottom.map { $0.ems(fontScale: scale) } ?? defaultMargins.bottom
    return Block(
      style: paragraph, firstParagraph: paragraphCount, marginBottom: clampSpacing(bottom),
      marginTop: clampSpacing(top), pageBreakBefore: computed.pageBreakBefore)
  }

  /// The box of a block positioned with `position: absolute` (or `fixed`) and a `left`
  /// or `top`, in CSS pixels or percent of the page; a box inside another is placed from
  /// the outer one's corner when both are in pixels. Nil for a block of the flow, and for
  /// one moved out of sight.
  func positionedBox(of computed: ComputedStyle, in outer: PositionedBox?) -> PositionedBox? {
    guard computed.isPositioned, !computed.isOutOfSight,
      computed.offsets[.left] != nil || computed.offsets[.top] != nil
    else { return nil }
    func length(_ css: CSSLength?) -> PositionedBox.Length? {
      switch css {
      case .em(let value)?: .pixels(value * computed.fontScale * 16)
      case .rem(let value)?: .pixels(value * 16)
      case .percent(let value)?: .percent(value)
      case .auto?, nil: nil
      }
    }
    func shifted(_ inner: PositionedBox.Length, by outer: PositionedBox.Length?)
      -> PositionedBox.Length
    {
      if case .pixels(let a) = inner, case .pixels(let b)? = outer { return .pixels(a + b) }
      return inner
    }
    return PositionedBox(
      id: paragraphCount * 64 + blocks.count,
      left: shifted(length(computed.offsets[.left]) ?? .pixels(0), by: outer?.left),
      top: shifted(length(computed.offsets[.top]) ?? .pixels(0), by: outer?.top),
      width: length(computed.width), height: length(computed.height))
  }

  private func clampIndent(_ value: Double) -> Double { max(0, min(value, 20)) }
  private func clampSpacing(_ value: Double) -> Double { max(0, min(value, 10)) }

  /// The paragraph role of a block: its own when it has one, else its parent's.
  private func blockRole(
    name: String, types: [Substring], isNote: Bool, parent: ParagraphStyle.Role
  ) -> ParagraphStyle.Role {
    if let level = XHTMLElements.headingLevel(name) { return .heading(level: level) }
    if isNote || parent == .note { return .note }
    switch name {
    case "blockquote": return XHTMLElements.isVerse(types) ? .verse : .blockquote
    case "li": return .listItem
    case "pre", "listing", "xmp": return .preformatted
    case "figcaption", "caption": return .caption
    default: break
    }
    if XHTMLElements.isVerse(types) { return .verse }
    switch parent {
    case .heading, .figure, .rule: return .body
    default: return parent
    }
  }

  /// The marker of a list item ("• ", "3. ", "c. "), advancing the list's counter.
  mutating func listMarker(for element: MarkupElement) -> String? {
    if lists.isEmpty { lists.append(List(ordered: false, next: 1)) }
    let index = lists.count - 1
    if let value = element.value(of: "value").flatMap({ Int($0) }) { lists[index].next = value }
    let number = lists[index].next
    lists[index].next += 1
    let listStyle = style.listStyle ?? (lists[index].ordered ? .decimal : .disc)
    switch listStyle {
    case .none: return nil
    case .disc: return "• "
    case .circle: return "◦ "
    case .square: return "▪ "
    case .decimal: return "\(number). "
    case .lowerAlpha: return "\(XHTMLText.alphabetic(number)). "
    case .upperAlpha: return "\(XHTMLText.alphabetic(number).uppercased()). "
    case .lowerRoman: return "\(XHTMLText.roman(number)). "
    case .upperRoman: return "\(XHTMLText.roman(number).uppercased()). "
    }
  }

  /// `<hr>`: an empty paragraph with role `.rule`.
  mutating func rule(_ element: MarkupElement) {
    if tableCellDepth > 0 {
      pendingSpace = true
      pendingSpaceAttributes = nil
      return
    }
    var block = makeBlock(name: "hr", types: [], isNote: false, row: false)
    block.style.role = .rule
    block.style.firstLineIndent = 0
    openBlock(block)
    addAnchors(of: element)
    openParagraph()
    closeParagraph(keepEmpty: true)
    closeBlock()
  }

  /// Enters a block: ends the open paragraph and remembers the block's spacing.
  mutating func openBlock(_ block: Block) {
    closeParagraph()
    pendingSpacingBefore = max(pendingSpacingBefore, block.marginTop)
    pendingPageBreak = pendingPageBreak || block.pageBreakBefore
    blocks.append(block)
  }

  /// Leaves a block: ends its paragraph and gives the last one the block's bottom margin.
  mutating func closeBlock() {
    closeParagraph()
    let block = blocks.removeLast()
    if paragraphCount > block.firstParagraph {
      let last = paragraphCount - 1
      spacingAfter[last] = max(spacingAfter[last] ?? 0, block.marginBottom)
    } else {
      pendingSpacingBefore = max(pendingSpacingBefore, block.marginBottom)
    }
  }

  /// Opens a paragraph in the innermost block's style, if none is open.
  mutating func openParagraph() {
    if builder.isInParagraph { return }
    var paragraph = blocks.last?.style ?? ParagraphStyle()
    paragraph.spacingBefore = pendingSpacingBefore
    paragraph.pageBreakBefore = pendingPageBreak
    pendingSpacingBefore = 0
    pendingPageBreak = false
    builder.beginParagraph(paragraph)
    paragraphStart = builder.currentOffset
    paragraphAttachments = 0
    paragraphLanguage = paragraph.language
    lineHasContent = false
    pendingSpace = false
    if let marker = pendingMarker {
      builder.append(marker.text, marker.attributes)
      pendingMarker = nil
    }
  }

  /// Ends the open paragraph; one holding only images becomes a `.figure`.
  mutating func closeParagraph(keepEmpty: Bool = false) {
    defer {
      builderLinkOpen = false
      pendingSpace = false
      pendingSpaceAttributes = nil
      pendingLineBreaks = 0
      pendingSeparator = nil
      lineHasContent = false
    }
    flushPendingAnchors()
    guard builder.isInParagraph else { return }
    let length = builder.currentOffset - paragraphStart
    if paragraphAttachments > 0 && length == paragraphAttachments {
      builder.updateParagraphStyle {
        if case .heading = $0.role { return }
        $0.role = .figure
        $0.alignment = .center
        $0.firstLineIndent = 0
      }
    }
    let before = builder.currentOffset
    builder.endParagraph(keepEmpty: keepEmpty)
    if builder.currentOffset > before { paragraphCount += 1 }
  }
}
