import Foundation

extension XHTMLWalker {
  /// Walks an inline element: links, quotes, and everything whose look is pure CSS.
  mutating func visitInline(_ element: MarkupElement, name: String, depth: Int) {
    addAnchors(of: element)
    switch name {
    case "a":
      let savedLink = activeLink
      if let href = element.value(of: "href"), let target = linkTarget(href) {
        endBuilderLink()
        activeLink = target
      }
      visitChildren(of: element, depth: depth)
      if activeLink != savedLink {
        endBuilderLink()
        activeLink = savedLink
      }
    case "q":
      let marks = quoteDepth % 2 == 0 ? ("“", "”") : ("‘", "’")
      let quoted = style.quotes
      quoteDepth += 1
      if quoted { emit(marks.0) }
      visitChildren(of: element, depth: depth)
      if quoted { emit(marks.1, afterSpace: false) }
      quoteDepth -= 1
    case "ruby":
      visitRuby(element, depth: depth)
    default:
      visitChildren(of: element, depth: depth)
    }
  }

  /// Where `href` leads: a package path plus fragment, an external URL, or nowhere
  /// (`javascript:`, or a path that leaves the book).
  func linkTarget(_ href: String) -> LinkTarget? {
    let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
    if PackagePath.isExternal(trimmed) {
      let scheme = trimmed.prefix { $0 != ":" }.lowercased()
      if scheme == "javascript" || scheme == "vbscript" || scheme == "data" { return nil }
      return .external(url: trimmed)
    }
    return PackagePath.resolve(trimmed, against: documentHref).map { .internal(href: $0) }
  }

  /// `<br>`: a line break before the next text (a trailing one is dropped).
  mutating func lineBreak() {
    if tableCellDepth > 0 && !builder.isInParagraph { return }
    pendingSpace = false
    pendingLineBreaks += 1
  }

  /// `<img>` or SVG `<image>`: an attachment, alone in a paragraph when it is a block.
  mutating func image(_ element: MarkupElement, source: String?, isBlock: Bool) {
    addAnchors(of: element)
    let alternative = element.value(of: "alt").map(XHTMLText.collapsed).flatMap {
      $0.isEmpty ? nil : $0
    }
    if let source, DataURL.isDataURL(source), source.utf8.count <= Self.maxInlineSVGBytes * 2,
      let data = DataURL.decode(source), ImageHeader.format(of: data) != nil
    {
      // An image written into the page: its bytes travel in the href.
      let size = ImageHeader.size(of: data) ?? declaredSize(of: element)
      placeImage(href: source, alternativeText: alternative, size: size, isBlock: isBlock)
      return
    }
    guard let source,
      let resolved = PackagePath.resolve(
        source.trimmingCharacters(in: .whitespacesAndNewlines), against: documentHref),
      let path = resolved.split(separator: "#", omittingEmptySubsequences: false).first,
      !path.isEmpty
    else {
      // An image outside the book (or none at all): its alternative text stands in.
      if let alternative { emit("[\(alternative)]") }
      return
    }
    let size = imageSize(String(path)) ?? declaredSize(of: element)
    placeImage(href: String(path), alternativeText: alternative, size: size, isBlock: isBlock)
  }

  /// An image attachment, alone in a paragraph of its own when it is a block.
  private mutating func placeImage(
    href: String, alternativeText: String?, size: Attachment.Size?, isBlock: Bool
  ) {
    if isBlock && tableCellDepth == 0 {
      openBlock(makeBlock(name: "img", types: [], isNote: false, row: false))
      emitAttachment(href: href, alternativeText: alternativeText, size: size)
      closeBlock()
    } else {
      emitAttachment(href: href, alternativeText: alternativeText, size: size)
    }
  }

  /// Inline SVG: drawn as a picture of its own (the element written out as an SVG file in
  /// a `data:` URL), with its `<title>` or `aria-label` as alternative text, shown when it
  /// cannot be drawn. An SVG that only frames book images (`<image href="cover.jpg">`, as
  /// covers do) gives those images instead: an SVG drawn apart from the book cannot load
  /// them.
  mutating func svg(_ element: MarkupElement, depth: Int) {
    addAnchors(of: element)
    let title =
      (element.firstChild("title").map { XHTMLText.collapsed($0.textContent) }
      ?? element.value(of: "aria-label").map(XHTMLText.collapsed)).flatMap {
        $0.isEmpty ? nil : $0
      }
    let images = element.descendants { $0.name == "image" }
    guard !images.isEmpty else {
      guard let xml = element.standaloneXML(limit: Self.maxInlineSVGBytes) else {
        if let title { emit("[\(title)]") }
        return
      }
      let data = Data(xml.utf8)
      emitAttachment(
        href: DataURL.make(mediaType: "image/svg+xml", data: data), alternativeText: title,
        size: ImageHeader.size(of: data) ?? declaredSize(of: element))
      if let width = fixedPageWidth { placeText(of: element, pageWidth: width) }
      return
    }
    for image in images {
      guard
        let source = image.value(of: "href", prefix: "xlink") ?? image.value(of: "href"),
        let path = PackagePath.resolve(source, against: documentHref)?
          .split(separator: "#", omittingEmptySubsequences: false).first,
        !path.isEmpty
      else { continue }
      emitAttachment(
        href: String(path), alternativeText: title ?? image.value(of: "alt"),
        size: imageSize(String(path)) ?? declaredSize(of: image))
    }
  }

  /// The largest inline SVG kept as a picture, in bytes of XML.
  static let maxInlineSVGBytes = 1 << 20

  /// The `width`/`height` attributes of an image, when both are plain pixel numbers.
  private func declaredSize(of element: MarkupElement) -> Attachment.Size? {
    guard let width = element.value(of: "width").flatMap({ Int($0) }),
      let height = element.value(of: "height").flatMap({ Int($0) }), width > 0, height > 0
    else { return nil }
    return Attachment.Size(width: width, height: height)
  }

  // MARK: - Emitting text

  /// Appends character data, collapsing whitespace (or keeping it in `pre`).
  mutating func appendText(_ text: String) {
    // `font-size: 0` hides text; a descendant that sets a size of its own shows again.
    if style.fontScale == 0 { return }
    if style.preservesWhitespace {
      appendPreformatted(text)
      return
    }
    stripLeadingNewline = false
    let collapsed = XHTMLText.collapseWhitespace(text)
    removedControlCharacters += collapsed.removed
    guard !collapsed.text.isEmpty else {
      if collapsed.leadingSpace { setPendingSpace() }
      return
    }
    if collapsed.leadingSpace { setPendingSpace() }
    emit(collapsed.text)
    if collapsed.trailingSpace { setPendingSpace() }
  }

  /// Notes a collapsed space in the current style (HTML gives a space the style of the
  /// text it was written in, not of the text after it).
  private mutating func setPendingSpace() {
    if !pendingSpace { pendingSpaceAttributes = currentAttributes() }
    pendingSpace = true
  }

  /// Appends text of a `pre` element: spaces kept, newlines as U+2028 line breaks, other
  /// control characters as spaces.
  private mutating func appendPreformatted(_ text: String) {
    var piece = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if stripLeadingNewline {
        stripLeadingNewline = false
        if scalar == "\n" { continue }
      }
      switch scalar.value {
      case 0x0A:
        if !piece.isEmpty { emit(String(piece)) }
        piece = String.UnicodeScalarView()
        pendingLineBreaks += 1
      case 0x0D:
        continue
      case 0x09, 0x20:
        piece.append(scalar)
      case 0..<0x20, 0x7F..<0xA0:
        // Preformatted text keeps its columns: a control character (a stray C1 code for
        // a dash, a form feed) still parts the words on either side.
        piece.append(" ")
      case 0xFFFE, 0xFFFF:
        removedControlCharacters += 1
      default:
        piece.append(scalar)
      }
    }
    if !piece.isEmpty { emit(String(piece)) }
  }

  /// Appends text (no "\n", whitespace already collapsed) in the current style, opening
  /// the paragraph and flushing pending breaks, separators, spaces and links first.
  mutating func emit(_ text: String, afterSpace: Bool = true) {
    prepareForContent(keepingSpace: afterSpace)
    builder.append(text, currentAttributes())
    lineHasContent = true
  }

  /// Appends an image attachment in the current style.
  mutating func emitAttachment(href: String, alternativeText: String?, size: Attachment.Size?) {
    prepareForContent(keepingSpace: true)
    builder.appendAttachment(
      href: href, alternativeText: alternativeText, intrinsicSize: size, currentAttributes())
    paragraphAttachments += 1
    lineHasContent = true
  }

  private mutating func prepareForContent(keepingSpace: Bool) {
    openParagraph()
    let attributes = currentAttributes()
    if pendingLineBreaks > 0 {
      builder.append(String(repeating: "\u{2028}", count: pendingLineBreaks), attributes)
      pendingLineBreaks = 0
      lineHasContent = false
      pendingSpace = false
    }
    if let separator = pendingSeparator {
      if lineHasContent {
        endBuilderLink()
        var plain = attributes
        plain.isNoteReference = false
        builder.append(separator, plain)
      }
      pendingSeparator = nil
      pendingSpace = false
    }
    if pendingSpace && keepingSpace {
      if lineHasContent { builder.append(" ", pendingSpaceAttributes ?? attributes) }
      pendingSpace = false
    }
    if !pendingSpace { pendingSpaceAttributes = nil }
    flushPendingAnchors()
    if let link = activeLink, !builderLinkOpen {
      builder.beginLink(link)
      builderLinkOpen = true
    }
  }

  /// Ends the link in the builder, if one is open.
  mutating func endBuilderLink() {
    if builderLinkOpen {
      builder.endLink()
      builderLinkOpen = false
    }
  }

  /// Character attributes for text in the current style.
  func currentAttributes() -> TextAttributes {
    var attributes = style.textAttributes
    attributes.isNoteReference = inNoteReference
    if let language = style.language, language != paragraphLanguage {
      attributes.language = language
    }
    return attributes
  }
}
