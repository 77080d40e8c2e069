import QuireBook

/// A chapter as `quire cat --json` prints it: the `StyledText` model's parts in their
/// own `Codable` forms, plus where the chapter is in the book. Offsets are UTF-16.
struct ChapterJSON: Codable, Equatable, Sendable {
  /// 1-based chapter number.
  var chapter: Int
  var title: String
  var href: String?
  var isLinear: Bool
  var string: String
  var runs: [StyledRun<TextAttributes>]
  var paragraphs: [StyledRun<ParagraphStyle>]
  var links: [StyledRun<LinkTarget>]
  var attachments: [Attachment]
  var anchors: [String: Int]

  /// The JSON form of chapter `index` (0-based) of a book, whose text is `text`.
  init(index: Int, chapter: Chapter, text: StyledText) {
    self.chapter = index + 1
    title = chapter.title
    href = chapter.href
    isLinear = chapter.isLinear
    string = text.string
    runs = text.runs
    paragraphs = text.paragraphs
    links = text.links
    attachments = text.attachments
    anchors = text.anchors
  }

  /// The model text back, for scripts and tests that read the JSON.
  var styledText: StyledText {
    StyledText(
      string: string, runs: runs, paragraphs: paragraphs, links: links,
      attachments: attachments, anchors: anchors)
  }
}
