import QuireBook

/// A chapter's text as plain lines, the output of `quire cat`.
enum PlainText {
  /// One line per paragraph; a line break inside a paragraph (U+2028) becomes a newline
  /// and an image (U+FFFC) becomes "[image: ALT]" (the file name when there is no alt).
  /// - Complexity: O(n) in the text's length.
  static func of(_ text: StyledText) -> String {
    var result = String.UnicodeScalarView()
    var offset = 0
    var attachments = text.attachments.makeIterator()
    var nextAttachment = attachments.next()
    for scalar in text.string.unicodeScalars {
      switch scalar.value {
      case 0x2028:
        result.append("\n")
      case 0xFFFC:
        while let attachment = nextAttachment, attachment.offset < offset {
          nextAttachment = attachments.next()
        }
        var label = "[image]"
        if let attachment = nextAttachment, attachment.offset == offset {
          label = "[image: \(imageLabel(attachment))]"
        }
        result.append(contentsOf: label.unicodeScalars)
      default:
        result.append(scalar)
      }
      offset += scalar.utf16.count
    }
    return String(result)
  }

  /// The alternative text of an image, or its file name when it has none.
  static func imageLabel(_ attachment: Attachment) -> String {
    if let alt = attachment.alternativeText?.trimmingWhitespace, !alt.isEmpty { return alt }
    return attachment.href.split(separator: "/").last.map(String.init) ?? attachment.href
  }
}

extension String {
  /// The string without leading and trailing whitespace.
  var trimmingWhitespace: String {
    let characters = drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }
    return String(characters.reversed())
  }
}
