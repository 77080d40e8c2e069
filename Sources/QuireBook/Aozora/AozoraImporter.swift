/// Imports Aozora Bunko texts (青空文庫): the Japanese public-domain library's plain-text
/// format, with ruby, notes for headings, indents and emphasis, gaiji, a title block and
/// a colophon.
///
/// Chapters start at the headings the notes mark (大見出し and 中見出し; 小見出し when a
/// text has no others), a part heading and the chapter heading right after it opening one
/// chapter; the contents nest them by level, 小見出し inside a chapter pointing at its
/// anchor. The title block becomes the metadata and a title page, the colophon a last
/// chapter. Chapter texts are built on first use (`AozoraContent`).
enum AozoraImporter {
  /// The book, or nil when the text is not Aozora Bunko's (`AozoraLayout.find`); `lines`
  /// is the text's line table.
  static func importBook(
    path: String, utf8: [UInt8], lines: LineTable, encoding: String,
    warnings: [ImportWarning], options: ImportOptions,
    contentHash: @escaping @Sendable () -> String
  ) -> Book? {
    utf8.withUnsafeBufferPointer { bytes -> Book? in
      guard let layout = AozoraLayout.find(bytes, lines) else { return nil }
      var metadata = AozoraMetadata.metadata(
        titleBlock: layout.titleBlock, fallbackTitle: TXTMetadata.titleFromFileName(path))
      if options.prefersHorizontalText { metadata.progressesRightToLeft = false }
      var plan = Plan(bytes: bytes, lines: lines, metadata: metadata)
      plan.add(body: layout.body)
      if let colophon = layout.colophon { plan.addColophon(colophon) }
      let content = AozoraContent(path: path, utf8: utf8, lines: lines, parts: plan.parts)
      return Book(
        path: path, format: .aozora(encoding: encoding), metadata: metadata,
        chapters: plan.chapters, toc: plan.toc, warnings: warnings, contentHash: contentHash,
        content: content)
    }
  }

  /// Chapters, their parts and the contents, as they are worked out.
  private struct Plan {
    let bytes: UnsafeBufferPointer<UInt8>
    let lines: LineTable
    let metadata: Metadata
    var parts: [AozoraContent.Part] = []
    var chapters: [Chapter] = []
    var toc: [TOCEntry] = []
    private var parents: [(level: Int, path: [Int])] = []

    init(bytes: UnsafeBufferPointer<UInt8>, lines: LineTable, metadata: Metadata) {
      self.bytes = bytes
      self.lines = lines
      self.metadata = metadata
      if !metadata.title.isEmpty {
        parts.append(.titlePage(metadata))
        let length = ([metadata.title, metadata.subtitle ?? ""] + metadata.creators.map(\.name))
          .filter { !$0.isEmpty }.reduce(0) { $0 + $1.utf16.count + 1 }
        chapters.append(Chapter(title: metadata.title, role: .frontMatter, estimatedLength: length))
        addEntry(metadata.title, level: nil, chapter: 0, offset: 0)
      }
    }

    /// Adds the body's chapters.
    mutating func add(body: Range<Int>) {
      let structure = AozoraStructure(bytes, lines, body: body)
      let headings = structure.headings
      let splitLevel = headings.contains { $0.level <= 2 } ? 2 : 3
      // Chapter starts: headings of the split level or above, a heading right after
      // another (nothing but blank lines and notes between) joining its chapter.
      var groups: [[AozoraStructure.Heading]] = []
      for heading in headings where heading.level <= splitLevel {
        if let last = groups.last?.last, !hasText(last.line + 1..<heading.line) {
          groups[groups.count - 1].append(heading)
        } else {
          groups.append([heading])
        }
      }
      let firstStart = groups.first?.first?.line ?? body.upperBound
      if hasText(body.lowerBound..<firstStart) {
        let range = body.lowerBound..<firstStart
        for section in sections(range) {
          addChapter(
            section, state: structure.state(before: section.lowerBound), title: metadata.title)
          addEntry(
            chapters[chapters.count - 1].title, level: nil, chapter: chapters.count - 1, offset: 0)
        }
      }
      for (index, group) in groups.enumerated() {
        let start = group[0].line
        let end = index + 1 < groups.count ? groups[index + 1][0].line : body.upperBound
        addChapter(start..<end, state: structure.state(before: start), title: group.last!.title)
        var offset = 0
        for heading in group {
          addEntry(heading.title, level: heading.level, chapter: chapters.count - 1, offset: offset)
          offset += heading.length
        }
        // Smaller headings inside the chapter: found by their anchors.
        for heading in headings
        where heading.level > splitLevel && start < heading.line && heading.line < end {
          addEntry(
            heading.title, level: heading.level, chapter: chapters.count - 1,
            fragment: AozoraTextBuilder.anchor(line: heading.line))
        }
      }
    }

    /// Adds the colophon as the last chapter.
    mutating func addColophon(_ range: Range<Int>) {
      parts.append(.colophon(range))
      chapters.append(
        Chapter(
          title: "底本", role: .backMatter,
          estimatedLength: AozoraStructure.estimatedLength(bytes, lines, range)))
      parents = []
      addEntry("底本", level: nil, chapter: chapters.count - 1, offset: 0)
    }

    private mutating func addChapter(_ range: Range<Int>, state: AozoraBlockState, title: String) {
      parts.append(.body(range, state))
      chapters.append(
        Chapter(
          title: title, role: .body,
          estimatedLength: AozoraStructure.estimatedLength(bytes, lines, range)))
    }

    /// A long text without headings, cut at blank lines into sections of about
    /// `ChapterAssembler.sectionLength` characters; a shorter one whole.
    private func sections(_ range: Range<Int>) -> [Range<Int>] {
      guard AozoraStructure.estimatedLength(bytes, lines, range) > ChapterAssembler.maxChapterLength
      else { return [range] }
      var result: [Range<Int>] = []
      var start = range.lowerBound
      var size = 0
      for line in range {
        size += lines.ends[line] - lines.starts[line]
        // Bytes are about three a character in Japanese.
        if size / 3 >= ChapterAssembler.sectionLength, lines.isBlank(line, bytes) {
          result.append(start..<(line + 1))
          start = line + 1
          size = 0
        }
      }
      if start < range.upperBound { result.append(start..<range.upperBound) }
      return result
    }

    /// Whether any line of `range` has text a reader sees (not only notes).
    private func hasText(_ range: Range<Int>) -> Bool {
      range.contains { line in
        guard !lines.isBlank(line, bytes) else { return false }
        guard AozoraDetector.hasNote(bytes, lines, line) else { return true }
        let text = TextBytes.string(bytes, lines.starts[line], lines.ends[line])
        return !AozoraLineParser.parse(Substring(text)).text.isEmpty
      }
    }

    /// Adds a contents entry under the nearest open entry of a lower level; `level` nil is
    /// a top entry that never takes children.
    private mutating func addEntry(
      _ title: String, level: Int?, chapter: Int, offset: Int? = nil, fragment: String? = nil
    ) {
      let entry = TOCEntry(title: title, chapterIndex: chapter, fragment: fragment, offset: offset)
      guard let level else {
        parents = []
        toc.append(entry)
        return
      }
      while let last = parents.last, last.level >= level { parents.removeLast() }
      let path = Self.insert(entry, under: parents.last?.path ?? [], into: &toc)
      parents.append((level, path))
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
  }
}
