/// Turns detected headings and line ranges into chapters, the paragraphs each chapter's
/// text will be built from, and the TOC tree.
struct ChapterAssembler {
  /// Target size of a section when text has no headings, in characters.
  static let sectionLength = 20_000
  /// A headed chapter longer than this is split into parts.
  static let maxChapterLength = 100_000

  private(set) var splitter: ParagraphSplitter
  private(set) var chapters: [Chapter] = []
  /// Each chapter's paragraphs, measured but not yet built.
  private(set) var paragraphs: [[ParagraphSpan]] = []
  private(set) var toc: [TOCEntry] = []
  private var parents: [(level: Int, path: [Int])] = []

  init(splitter: ParagraphSplitter) {
    self.splitter = splitter
  }

  // MARK: - Adding text

  /// Adds text without headings (front matter, back matter, or a whole book without
  /// headings) as one chapter, or as evenly sized sections titled by their first words.
  mutating func addUntitled(_ range: Range<Int>, role: Chapter.Role, title: String? = nil) {
    let paragraphs = splitter.spans(range)
    guard !paragraphs.isEmpty else { return }
    parents = []
    let total = paragraphs.reduce(0) { $0 + $1.length }
    // Front and back matter stay whole unless huge; a headingless body gets sections.
    let sections =
      role == .body || total > Self.maxChapterLength
      ? Self.sections(paragraphs, length: Self.sectionLength) : [paragraphs]
    for section in sections {
      let sectionTitle =
        sections.count == 1 ? title ?? firstWords(of: section) : firstWords(of: section)
      addTOCEntry(sectionTitle, level: Int.min, chapter: chapters.count)
      append(section, title: sectionTitle, role: role)
    }
  }

  /// Adds the chapters that `headings` open within `body`.
  mutating func addChapters(_ headings: [DetectedHeading], body: Range<Int>) {
    let minLevel = headings.map(\.level).min() ?? 0
    var pending: [DetectedHeading] = []
    for (index, heading) in headings.enumerated() where !heading.isDuplicate {
      guard !heading.isFolded else {
        pending.append(heading)
        continue
      }
      let group = pending + [heading]
      pending = []
      let end = index + 1 < headings.count ? headings[index + 1].line : body.upperBound
      // A heading drawn in a picture's caption is set by the caption itself.
      var paragraphs = group.filter { !$0.isInCaption }.map { heading in
        ParagraphSpan.heading(heading.displayText, level: min(6, heading.level - minLevel + 1))
      }
      paragraphs += splitter.spans(
        (heading.line + heading.lineCount)..<max(end, heading.line + heading.lineCount))
      for member in group {
        addTOCEntry(member.title, level: member.level, chapter: chapters.count)
      }
      let total = paragraphs.reduce(0) { $0 + $1.length }
      guard total > Self.maxChapterLength else {
        append(paragraphs, title: heading.title, role: .body)
        continue
      }
      for (part, section) in Self.sections(paragraphs, length: Self.sectionLength).enumerated() {
        append(
          section, title: part == 0 ? heading.title : "\(heading.title) (\(part + 1))", role: .body)
      }
    }
  }

  // MARK: - Building

  private mutating func append(_ spans: [ParagraphSpan], title: String, role: Chapter.Role) {
    paragraphs.append(spans)
    let length = spans.reduce(0) { $0 + ($1.length > 0 ? $1.length + 1 : 0) }
    chapters.append(Chapter(title: title, role: role, estimatedLength: length))
  }

  /// Inserts a TOC entry under the nearest open entry of a lower level.
  private mutating func addTOCEntry(_ title: String, level: Int, chapter: Int) {
    while let last = parents.last, last.level >= level { parents.removeLast() }
    let entry = TOCEntry(title: title, chapterIndex: chapter, offset: 0)
    let path = Self.insert(entry, under: parents.last?.path ?? [], into: &toc)
    if level != Int.min { parents.append((level, path)) }
  }

  private static func insert(_ entry: TOCEntry, under path: [Int], into entries: inout [TOCEntry])
    -> [Int]
  {
    guard let first = path.first else {
      entries.append(entry)
      return [entries.count - 1]
    }
    return [first] + insert(entry, under: Array(path.dropFirst()), into: &entries[first].children)
  }

  // MARK: - Sections

  /// Splits paragraphs into runs of about `length` characters at paragraph boundaries,
  /// all about the same size.
  static func sections(_ paragraphs: [ParagraphSpan], length: Int) -> [[ParagraphSpan]] {
    let total = paragraphs.reduce(0) { $0 + $1.length }
    let count = max(1, (total + length / 2) / length)
    let target = max(1, total / count)
    var sections: [[ParagraphSpan]] = []
    var current: [ParagraphSpan] = []
    var size = 0
    for paragraph in paragraphs {
      current.append(paragraph)
      size += paragraph.length
      if size * 10 >= target * 9 && sections.count < count - 1 {
        sections.append(current)
        current = []
        size = 0
      }
    }
    if !current.isEmpty { sections.append(current) }
    return sections
  }

  /// The first words of a section, for its title: up to 30 characters, cut at a space
  /// when there is one, with "…" when cut.
  func firstWords(of paragraphs: [ParagraphSpan]) -> String {
    var text = ""
    for (index, paragraph) in paragraphs.enumerated() {
      let candidate = splitter.text(of: paragraph)
      if index == 0 { text = candidate }
      if !candidate.isEmpty && !candidate.hasPrefix("[") {
        text = candidate
        break
      }
    }
    let head = text.prefix(31)
    let line = head.prefix { $0 != "\u{2028}" }
    guard line.count > 30 else { return String(line) }
    var cut = line.prefix(30)
    if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > 10 {
      cut = cut[..<space]
    }
    return cut + "…"
  }
}
