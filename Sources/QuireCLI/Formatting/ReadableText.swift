import QuireBook

/// A chapter laid out for reading in a terminal, until the terminal reader exists:
/// paragraphs wrapped to the width with blank lines between them, headings underlined,
/// quotations and notes indented, list items kept together.
enum ReadableText {
  /// The chapter's text, wrapped to `width` columns.
  static func of(_ text: StyledText, width: Int) -> String {
    var blocks: [String] = []
    var previousRole: ParagraphStyle.Role?
    for paragraph in text.paragraphs {
      let range =
        paragraph.range.lowerBound..<max(paragraph.range.lowerBound, paragraph.range.upperBound - 1)
      let part = StyledText(
        string: text.substring(range), runs: [], paragraphs: [],
        attachments: text.attachments.filter { range.contains($0.offset) }.map {
          var attachment = $0
          attachment.offset -= range.lowerBound
          return attachment
        })
      let content = PlainText.of(part)
      let role = paragraph.value.role
      var lines: [String]
      switch role {
      case .heading:
        let title = content.split(separator: "\n").joined(separator: " ")
        lines = [title, String(repeating: "─", count: min(DisplayWidth.of(title), width))]
      case .rule:
        lines = [String(repeating: " ", count: max(0, (width - 5) / 2)) + "* * *"]
      case .preformatted:
        lines = [content]
      case .blockquote, .note, .verse, .caption:
        lines = TextWrapper.wrap(content, width: width, indent: 4)
      case .listItem:
        lines = TextWrapper.wrap(content, width: width, indent: 2)
      case .body, .figure:
        lines = TextWrapper.wrap(content, width: width)
      }
      let joined = lines.joined(separator: "\n")
      if role == .listItem, previousRole == .listItem, let last = blocks.popLast() {
        blocks.append(last + "\n" + joined)
      } else {
        blocks.append(joined)
      }
      previousRole = role
    }
    return blocks.joined(separator: "\n\n") + (blocks.isEmpty ? "" : "\n")
  }
}
