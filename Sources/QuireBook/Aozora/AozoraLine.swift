/// One line of an Aozora Bunko text with its markup read: the text a reader sees and what
/// the notes say about it. Offsets are indices into `text` (Unicode scalars).
struct AozoraLine {
  /// A run of text with a style.
  struct Span: Equatable {
    var range: Range<Int>
    var style: AozoraInlineStyle
  }

  /// A reading over a base.
  struct Ruby: Equatable {
    var base: Range<Int>
    var reading: String
  }

  /// A heading within the line: usually the whole line.
  struct Heading: Equatable {
    var range: Range<Int>
    var level: Int
  }

  /// A note that applies to the paragraph or the lines after it (indents, alignment,
  /// breaks, blocks), at the text offset where it stood.
  struct Command {
    var offset: Int
    var note: AozoraNote
  }

  /// The text shown: no ruby readings, no notes, no `｜`, gaiji resolved, without the
  /// line's leading spaces.
  var text: [Unicode.Scalar] = []
  /// Full-width (U+3000) or ASCII spaces that began the line: its indent, in ems.
  var leadingSpaces = 0
  var spans: [Span] = []
  var rubies: [Ruby] = []
  var headings: [Heading] = []
  var commands: [Command] = []
  /// The notes Quire did not understand, as written.
  var unknownNotes: [String] = []

  /// True when the line has neither text nor notes: a blank line.
  var isBlank: Bool { text.isEmpty && commands.isEmpty && headings.isEmpty && unknownNotes.isEmpty }

  /// The text as a string.
  var string: String {
    var result = String.UnicodeScalarView()
    result.append(contentsOf: text)
    return String(result)
  }
}
