/// Walks a parsed XHTML document and feeds `StyledTextBuilder`: the heart of the converter.
///
/// One pass, depth-first, bounded by `maxDepth`. Block elements open paragraphs lazily
/// (an empty block makes no paragraph); inline elements only change the attributes of
/// the text inside them. Whitespace is collapsed as HTML does, across element edges.
/// - Complexity: O(n) in the document's size, times the CSS rules that can match each
///   element (rules are indexed by id, class and tag).
struct XHTMLWalker {
  /// A block element being walked: the style its paragraphs get.
  struct Block {
    /// Template for paragraphs opened inside (spacing is filled in when one opens).
    var style: ParagraphStyle
    /// `paragraphCount` when the block opened, to know if it produced any.
    var firstParagraph: Int
    /// Space below the block's last paragraph, in ems.
    var marginBottom: Double
    /// Space above the block's first paragraph, in ems.
    var marginTop: Double
    /// The block starts on a new page.
    var pageBreakBefore: Bool
  }

  /// A list being walked.
  struct List {
    var ordered: Bool
    var next: Int
  }

  let documentHref: String
  let resolver: CSSStyleResolver
  let imageSize: (String) -> Attachment.Size?
  let maxDepth: Int
  /// Set on a fixed-layout page: its designed width, and that its SVG text is kept.
  var fixedPageWidth: Double?

  var builder = StyledTextBuilder()
  var context = CSSMatchContext()
  /// Computed styles, the parent of the root first; the last is the current element's.
  var styles = [ComputedStyle()]
  var blocks: [Block] = []
  var lists: [List] = []

  // MARK: - Paragraph state
  var paragraphCount = 0
  var paragraphStart = 0
  var paragraphAttachments = 0
  var paragraphLanguage: String?
  var pendingSpacingBefore = 0.0
  var pendingPageBreak = false
  /// Space below paragraphs, by paragraph index, applied after building.
  var spacingAfter: [Int: Double] = [:]
  /// A list marker waiting for the list item's first text.
  var pendingMarker: (text: String, attributes: TextAttributes)?

  // MARK: - Inline state
  /// A collapsed space waiting for the next text (dropped at line starts and ends).
  var pendingSpace = false
  /// The style of the text the pending space was written in; nil: the next text's.
  var pendingSpaceAttributes: TextAttributes?
  /// The current line has text (so a pending space is kept).
  var lineHasContent = false
  /// `<br>`s waiting for the next text (trailing ones are dropped).
  var pendingLineBreaks = 0
  /// A table cell separator waiting for the next cell's text.
  var pendingSeparator: String?
  var activeLink: LinkTarget?
  var builderLinkOpen = false
  var inNoteReference = false
  var tableCellDepth = 0
  var quoteDepth = 0
  var stripLeadingNewline = false
  /// Anchors waiting for a pending space or break to be written.
  var pendingAnchors: [String] = []

  // MARK: - Findings
  var firstHeading: String?
  var truncatedDepth = false
  var removedControlCharacters = 0

  init(
    documentHref: String, resolver: CSSStyleResolver, maxDepth: Int,
    imageSize: @escaping (String) -> Attachment.Size?
  ) {
    self.documentHref = documentHref
    self.resolver = resolver
    self.maxDepth = maxDepth
    self.imageSize = imageSize
  }

  /// The current element's computed style.
  var style: ComputedStyle { styles[styles.count - 1] }

  /// Walks the document from its root element and returns the text.
  mutating func convert(root: MarkupElement) -> StyledText {
    let name = XHTMLElements.lowercased(root.name)
    context.push(
      CSSElementInfo(root, name: name, index: 0, siblingCount: 1, typeIndex: 0, typeCount: 1),
      previousSiblings: [])
    visit(root, name: name, depth: 0)
    closeParagraph()
    var text = builder.build()
    applySpacing(to: &text)
    return text
  }

  /// Fills in the space below paragraphs and collapses adjoining margins, so that the gap
  /// between two paragraphs is `spacingAfter` of the first plus `spacingBefore` of the
  /// second and equals the larger of the two CSS margins.
  private func applySpacing(to text: inout StyledText) {
    for (index, after) in spacingAfter where index < text.paragraphs.count {
      text.paragraphs[index].value.spacingAfter = after
    }
    for index in text.paragraphs.indices.dropFirst() {
      let above = text.paragraphs[index - 1].value.spacingAfter
      let before = text.paragraphs[index].value.spacingBefore
      text.paragraphs[index].value.spacingBefore = max(0, before - above)
    }
  }

  // MARK: - Elements

  /// Walks one element whose `CSSElementInfo` is already on `context`.
  mutating func visit(_ element: MarkupElement, name: String, depth: Int) {
    if XHTMLElements.skipped.contains(name) { return }
    let types = XHTMLElements.semanticTypes(of: element)
    let isNote = XHTMLElements.isNote(types)
    var computed = resolver.style(
      for: context, parent: style,
      inline: element.value(of: "style").map { CSSStylesheet.properties(in: Substring($0)) } ?? [])
    // Notes stay in the text even when the book hides them for pop-up display.
    if computed.display == CSSDeclaration.Display.none || element.value(of: "hidden") != nil
      || computed.isOutOfSight
    {
      guard isNote else { return }
      computed.display = nil
    }
    if let language = element.value(of: "lang", prefix: "xml") ?? element.value(of: "lang"),
      !language.isEmpty
    {
      computed.language = language
    }
    // `dir` is a presentational hint: an element's own `direction` rule would win, but
    // books set one or the other. "auto" leaves the paragraph to its first strong letter.
    switch element.value(of: "dir")?.lowercased() {
    case "rtl": computed.direction = .rightToLeft
    case "ltr": computed.direction = .leftToRight
    case "auto": computed.direction = nil
    default: break
    }
    if XHTMLElements.pageLevel.contains(name) {
      computed.marginLeft = nil
      computed.marginRight = nil
      // In vertical text the page's margins across the columns are top and bottom.
      if computed.writingMode != nil {
        computed.marginTop = nil
        computed.marginBottom = nil
      }
    }
    guard depth < maxDepth else {
      truncatedDepth = true
      return
    }
    // An inline element's float carries to its text; floated blocks and images stay where
    // they are (the typesetter floats short inline runs only).
    if let side = computed.float, !XHTMLElements.floatless.contains(name),
      !(computed.display.map { $0 == .block } ?? XHTMLElements.blocks.contains(name))
    {
      computed.floatedText = side
    }
    styles.append(computed)
    defer { styles.removeLast() }
    let savedNoteReference = inNoteReference
    if XHTMLElements.isNoteReference(types) { inNoteReference = true }
    defer { inNoteReference = savedNoteReference }

    switch name {
    case "br":
      addAnchors(of: element)
      lineBreak()
      return
    case "hr":
      rule(element)
      return
    case "img":
      image(element, source: element.value(of: "src"), isBlock: computed.display == .block)
      return
    case "image":
      image(
        element, source: element.value(of: "href", prefix: "xlink") ?? element.value(of: "href"),
        isBlock: false)
      return
    case "svg":
      svg(element, depth: depth)
      return
    default:
      break
    }
    let isBlock =
      computed.display.map { $0 == .block } ?? XHTMLElements.blocks.contains(name)
    if isBlock && tableCellDepth > 0 && !["td", "th"].contains(name) {
      // Blocks inside a table cell stay on the row's line, separated by spaces.
      pendingSpace = true
      pendingSpaceAttributes = nil
      addAnchors(of: element)
      visitChildren(of: element, depth: depth)
      pendingSpace = true
      pendingSpaceAttributes = nil
    } else if isBlock {
      visitBlock(element, name: name, types: types, isNote: isNote, depth: depth)
    } else {
      visitInline(element, name: name, depth: depth)
    }
  }

  /// Walks the children of `element`, keeping the selector context up to date.
  mutating func visitChildren(of element: MarkupElement, depth: Int) {
    var elementCount = 0
    var typeCounts: [String: Int] = [:]
    for case .element(let child) in element.children {
      elementCount += 1
      typeCounts[XHTMLElements.lowercased(child.name), default: 0] += 1
    }
    var previous: [CSSElementInfo] = []
    var typeSeen: [String: Int] = [:]
    for child in element.children {
      switch child {
      case .text(let text):
        appendText(text)
      case .element(let childElement):
        let name = XHTMLElements.lowercased(childElement.name)
        let info = CSSElementInfo(
          childElement, name: name, index: previous.count, siblingCount: elementCount,
          typeIndex: typeSeen[name, default: 0], typeCount: typeCounts[name, default: 1])
        typeSeen[name, default: 0] += 1
        context.push(info, previousSiblings: previous)
        visit(childElement, name: name, depth: depth + 1)
        context.pop()
        previous.append(info)
      }
    }
  }

  /// Records the element's `id` (and a legacy `<a name>`) as anchors at the current offset.
  ///
  /// Inside a paragraph, an anchor waits for a pending space or break to be written, so
  /// that it points at the element's first character.
  mutating func addAnchors(of element: MarkupElement) {
    var ids: [String] = []
    if let id = element.value(of: "id"), !id.isEmpty { ids.append(id) }
    if element.name == "a", let name = element.value(of: "name"), !name.isEmpty {
      ids.append(name)
    }
    if builder.isInParagraph && (pendingSpace || pendingLineBreaks > 0 || pendingSeparator != nil) {
      pendingAnchors += ids
    } else {
      for id in ids { builder.addAnchor(id) }
    }
  }

  /// Records anchors that were waiting for the next character.
  mutating func flushPendingAnchors() {
    for id in pendingAnchors { builder.addAnchor(id) }
    pendingAnchors.removeAll()
  }
}
