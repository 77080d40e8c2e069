import QuireBook

/// The readable dump of `quire cat --styled`: each paragraph with its style, its text,
/// its character runs, and the links, images and anchors that start in it.
///
///     ¶ [0..<17) heading(1) left keepWithNext before 1em after 0.5em no-hyphenation
///       "Welcome to Quire"
///       [0..<16) bold 2em
///       anchor #welcome @ 0
///
/// Ranges are UTF-16 offsets into the chapter's text, as everywhere in Quire; a run's
/// range is clipped to its paragraph, and the paragraph's final "\n" is not shown.
enum StyleDump {
  /// The dump of `text`.
  static func of(_ text: StyledText) -> String {
    var output = ""
    var runIndex = 0
    var linkIndex = 0
    var attachmentIndex = 0
    let anchors = text.anchors.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
    var anchorIndex = 0
    for paragraph in text.paragraphs {
      let range = paragraph.range
      let body = range.lowerBound..<max(range.lowerBound, range.upperBound - 1)
      output += "¶ \(describe(range)) \(describe(paragraph.value))\n"
      output += "  \"\(shown(text.substring(body)))\"\n"
      while runIndex < text.runs.count, text.runs[runIndex].range.lowerBound < body.upperBound {
        let run = text.runs[runIndex]
        let clipped =
          max(run.range.lowerBound, body.lowerBound)..<min(run.range.upperBound, body.upperBound)
        if !clipped.isEmpty { output += "  \(describe(clipped)) \(describe(run.value))\n" }
        if run.range.upperBound > body.upperBound { break }
        runIndex += 1
      }
      while linkIndex < text.links.count, text.links[linkIndex].range.lowerBound < range.upperBound
      {
        let link = text.links[linkIndex]
        output += "  link \(describe(link.range)) → \(describe(link.value))\n"
        linkIndex += 1
      }
      while attachmentIndex < text.attachments.count,
        text.attachments[attachmentIndex].offset < range.upperBound
      {
        output += "  \(describe(text.attachments[attachmentIndex]))\n"
        attachmentIndex += 1
      }
      while anchorIndex < anchors.count, anchors[anchorIndex].value < range.upperBound {
        output += "  anchor #\(anchors[anchorIndex].key) @ \(anchors[anchorIndex].value)\n"
        anchorIndex += 1
      }
    }
    for (id, offset) in anchors[anchorIndex...] { output += "anchor #\(id) @ \(offset)\n" }
    return output
  }

  // MARK: - Descriptions

  static func describe(_ range: Range<Int>) -> String {
    "[\(range.lowerBound)..<\(range.upperBound))"
  }

  /// "heading(1) left keepWithNext before 1em after 0.5em no-hyphenation".
  static func describe(_ style: ParagraphStyle) -> String {
    var parts = [describe(style.role), style.alignment.rawValue]
    let lengths: [(String, Double)] = [
      ("indent", style.firstLineIndent), ("left", style.leftIndent),
      ("right", style.rightIndent), ("before", style.spacingBefore),
      ("after", style.spacingAfter),
    ]
    parts += lengths.filter { $0.1 != 0 }.map { "\($0.0) \($0.1.compact)em" }
    if let multiple = style.lineHeightMultiple { parts.append("line-height \(multiple.compact)") }
    if style.keepWithNext { parts.append("keepWithNext") }
    if style.pageBreakBefore { parts.append("pageBreakBefore") }
    if !style.hyphenation { parts.append("no-hyphenation") }
    if let language = style.language { parts.append("lang \(language)") }
    return parts.joined(separator: " ")
  }

  static func describe(_ role: ParagraphStyle.Role) -> String {
    switch role {
    case .body: "body"
    case .heading(let level): "heading(\(level))"
    case .blockquote: "blockquote"
    case .listItem: "listItem"
    case .preformatted: "preformatted"
    case .rule: "rule"
    case .figure: "figure"
    case .caption: "caption"
    case .note: "note"
    case .verse: "verse"
    }
  }

  /// "bold italic 1.5em monospace", or "plain" for body text.
  static func describe(_ attributes: TextAttributes) -> String {
    var parts: [String] = []
    switch attributes.fontFamily {
    case .body: break
    case .serif: parts.append("serif")
    case .sansSerif: parts.append("sans-serif")
    case .monospace: parts.append("monospace")
    case .named(let name): parts.append("font \"\(name)\"")
    }
    switch attributes.weight {
    case 400: break
    case 700: parts.append("bold")
    default: parts.append("weight \(attributes.weight)")
    }
    if attributes.isItalic { parts.append("italic") }
    if attributes.fontScale != 1 { parts.append("\(attributes.fontScale.compact)em") }
    if attributes.isSmallCaps { parts.append("small-caps") }
    if attributes.baselineShift != .none { parts.append(attributes.baselineShift.rawValue) }
    if let underline = attributes.underline {
      parts.append(underline == .single ? "underline" : "underline(\(underline.rawValue))")
    }
    if attributes.isStrikethrough { parts.append("strikethrough") }
    if let color = attributes.foreground { parts.append("color \(hex(color))") }
    if let color = attributes.background { parts.append("background \(hex(color))") }
    if let language = attributes.language { parts.append("lang \(language)") }
    if attributes.isNoteReference { parts.append("noteref") }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }

  static func describe(_ target: LinkTarget) -> String {
    switch target {
    case .internal(let href): href
    case .external(let url): url
    }
  }

  static func describe(_ attachment: Attachment) -> String {
    var text = "image @ \(attachment.offset) \(attachment.href)"
    if let size = attachment.intrinsicSize { text += " \(size.width)×\(size.height)" }
    if let alt = attachment.alternativeText { text += " alt \"\(alt)\"" }
    return text
  }

  private static func hex(_ color: Color) -> String {
    let channels = [color.red, color.green, color.blue] + (color.alpha == 255 ? [] : [color.alpha])
    let digits = channels.map { channel -> String in
      let text = String(channel, radix: 16)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + digits.joined()
  }

  /// Paragraph text on one line: line breaks as ↵, images as ￼ kept visible.
  private static func shown(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{2028}" ? "↵" : $0 }))
  }
}
