/// A StarDict entry's fields as one `DefinitionText`, each read by its type.
enum StarDictText {
  static func text(of fields: [StarDictFields.Field]) -> DefinitionText {
    var builder = DefinitionTextBuilder()
    for field in fields {
      let text = String(decoding: field.bytes, as: UTF8.self)
      switch field.type {
      case UInt8(ascii: "h"):
        MarkupReader(dialect: .html).read(text, into: &builder)
      case UInt8(ascii: "g"), UInt8(ascii: "x"), UInt8(ascii: "k"):
        builder.beginParagraph()
        MarkupReader(dialect: .lineBased).read(text, into: &builder)
      case UInt8(ascii: "t"):
        builder.beginParagraph()
        builder.append("[" + text.trimmingWhitespace + "]", adding: .pronunciation)
      case UInt8(ascii: "y"):
        builder.beginParagraph()
        builder.append(text, adding: .pronunciation)
      case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "n"), UInt8(ascii: "w"):
        appendPlain(text, into: &builder)
      default:
        // Resources (`r`), sounds and pictures: nothing a text popup can show.
        continue
      }
      builder.endParagraph()
    }
    return builder.build()
  }

  /// Plain text: a line is a paragraph, a blank line spaces the next.
  private static func appendPlain(_ text: String, into builder: inout DefinitionTextBuilder) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy(\.isWhitespace) {
        builder.blankLine()
      } else {
        builder.beginParagraph()
        builder.append(String(line))
      }
    }
  }
}
