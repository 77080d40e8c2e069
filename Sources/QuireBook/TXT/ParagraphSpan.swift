/// One paragraph of a TXT chapter, described by where its text lies rather than by the
/// text itself.
///
/// Import only measures paragraphs (their UTF-16 lengths give chapter lengths and section
/// cuts); a chapter's text is built from its spans when it is first shown, so opening a
/// long novel does not build millions of characters of strings nobody has asked for.
struct ParagraphSpan: Sendable {
  /// What the paragraph is.
  enum Kind: Equatable, Sendable {
    case body
    /// Indented lines of a poem or letter, kept line by line (U+2028 between lines).
    case verse
    /// An indented block of hard-wrapped prose (a letter, a quotation): its lines are
    /// joined with spaces.
    case quote
    /// Lines centred in the source (a title page, "THE END"): kept line by line, centred.
    case centred
    /// A chapter or part heading of the given ParagraphStyle level.
    case heading(level: Int)
  }

  /// Where the paragraph's text comes from.
  enum Source: Sendable {
    /// Lines of the `LineTable`, without indentation, joined as `kind` says.
    case lines(Range<Int>)
    /// UTF-8 bytes of the decoded text (`buffer == nil`) or of a joined long paragraph
    /// kept aside (`ParagraphSplitter.joinedParagraphs[buffer]`): a piece of a paragraph
    /// too long to keep whole.
    case bytes(Range<Int>, buffer: Int?)
    /// Text held as is (headings).
    case text(String)
  }

  var kind: Kind
  var source: Source
  /// Whether the source indented the first line (full-width spaces or ASCII spaces).
  var isIndented: Bool
  /// Length of the text in UTF-16 units, without the paragraph's "\n".
  var length: Int

  /// A heading paragraph.
  static func heading(_ title: String, level: Int) -> ParagraphSpan {
    ParagraphSpan(
      kind: .heading(level: level), source: .text(title), isIndented: false,
      length: title.utf16.count)
  }
}
