import Foundation
import Glibc

/// Imports plain-text books: detects the encoding, applies the reader's replace rules,
/// hands an Aozora Bunko text to `AozoraImporter`, leaves out a download site's lines,
/// strips Project Gutenberg boilerplate into back matter, splits chapters by heading
/// patterns, and measures every chapter's paragraphs; chapter texts are built on first use
/// (see `TXTContent`).
enum TXTImporter {
  /// Opens the TXT file at `path`.
  /// - Throws: `BookError` for an empty, oversized, unreadable or binary file.
  static func importBook(path: String, options: ImportOptions) throws -> Book {
    let file = try BookFile.read(path, limit: options.limits.maxTextFileSize, noun: "text file")
    // The file's buffer becomes the decoded text when it is UTF-8: one copy of the book.
    let decoded = try TextDecoder(file: consume file, path: path)
    var warnings: [ImportWarning] = []
    if decoded.replacements > 0 {
      warnings.append(
        ImportWarning(
          "\(decoded.replacements) byte sequences are not valid \(decoded.encodingName) "
            + "and were replaced with U+FFFD"))
    }
    let mapped = PrivateUseCharacters.mapped(decoded.utf8)
    var utf8 = mapped.utf8
    let privateUse = mapped.remaining
    if privateUse > 0 {
      warnings.append(
        ImportWarning(
          "\(privateUse) private-use characters (U+E000–U+F8FF) have no standard meaning "
            + "and may show as empty boxes"))
    }
    // What changed the text on its way in: the book's identity records it, so page breaks
    // cached for the file as it was are not taken for the text as it is now.
    var changes: [String] = []
    warnings += options.replaceRuleProblems.map { ImportWarning($0) }
    if !options.replaceRules.isEmpty {
      let name = path.split(separator: "/").last.map(String.init) ?? path
      let (cleaned, report) = ReplaceRules.apply(options.replaceRules, to: utf8, fileName: name)
      utf8 = cleaned
      warnings += report.applied.map {
        ImportWarning(
          "replace rule “\($0.name)” changed \($0.count) place\($0.count == 1 ? "" : "s")")
      }
      warnings += report.problems.map { ImportWarning($0) }
      if !report.changes.isEmpty { changes.append("rules\u{1D}" + report.signature) }
    }
    // One line table for the text as it is, built again only if site lines go.
    var lines = utf8.withUnsafeBufferPointer { LineTable($0) }
    if let book = AozoraImporter.importBook(
      path: path, utf8: utf8, lines: lines, encoding: decoded.encodingName, warnings: warnings,
      options: options, contentHash: identity(path, changes))
    {
      return book
    }
    if options.removesSiteJunk {
      let titles = [firstLine(utf8, lines), TXTMetadata.titleFromFileName(path)].compactMap { $0 }
      let (cleaned, removals) = SiteJunk.removed(from: utf8, lines: lines, titles: titles)
      if !removals.isEmpty {
        utf8 = cleaned
        lines = utf8.withUnsafeBufferPointer { LineTable($0) }
        warnings += siteWarnings(removals)
        changes.append("junk\u{1D}" + removals.map(\.line).sorted().joined(separator: "\u{1E}"))
      }
    }
    let hash = identity(path, changes)
    return utf8.withUnsafeBufferPointer { bytes in
      let parts = split(bytes, lines, options: options, warnings: &warnings)
      let metadata = TXTMetadata.metadata(
        path: path, boilerplate: parts.boilerplate, firstText: parts.firstText,
        frontLines: parts.frontLines, language: parts.language)
      let content = TXTContent(
        path: path, utf8: utf8, lines: parts.lines,
        joinedParagraphs: parts.assembler.splitter.joinedParagraphs,
        chapterParagraphs: parts.assembler.paragraphs, language: parts.language)
      return Book(
        path: path, format: .txt(encoding: decoded.encodingName), metadata: metadata,
        chapters: parts.assembler.chapters, toc: parts.assembler.toc, warnings: warnings,
        contentHash: hash, content: content)
    }
  }

  /// The book's identity: the file's SHA-256, or, when replace rules or site-line removal
  /// changed the text, a hash of it and of what changed.
  private static func identity(_ path: String, _ changes: [String]) -> @Sendable () -> String {
    {
      let file = Self.contentHash(ofFileAt: path)
      guard !changes.isEmpty else { return file }
      return SHA256.hexDigest(of: Array(([file] + changes).joined(separator: "\n").utf8))
    }
  }

  /// The title the first line of the text gives ("《红楼梦》曹雪芹" → "红楼梦"), when it is
  /// short enough to be a title line.
  private static func firstLine(_ utf8: [UInt8], _ lines: LineTable) -> String? {
    utf8.withUnsafeBufferPointer { bytes in
      guard let line = titleLineCandidate(bytes, lines, 0..<lines.count) else { return nil }
      return TXTMetadata.bookTitleMarks(line)?.title ?? line.trimmingCharacters(in: .whitespaces)
    }
  }

  /// One warning for each site line left out (the most frequent first, ten at most).
  private static func siteWarnings(_ removals: [SiteJunk.Removal]) -> [ImportWarning] {
    var warnings = removals.prefix(10).map { removal in
      ImportWarning(
        "a download site's line was left out \(removal.count) time\(removal.count == 1 ? "" : "s"): "
          + "“\(removal.line)”")
    }
    if removals.count > 10 {
      warnings.append(
        ImportWarning("\(removals.count - 10) more download-site lines were left out"))
    }
    return warnings
  }

  /// Longest first line considered as a title line, in bytes.
  static let maxTitleLineBytes = 1024

  /// The first text line of the body, which may name the book ("《红楼梦》曹雪芹"), or nil.
  ///
  /// A title line is short: a longer first line (a 5 MB line without breaks) is not
  /// copied and trimmed for nothing — that took two thirds of such a file's import.
  static func titleLineCandidate(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ body: Range<Int>
  ) -> String? {
    let first = (body.lowerBound..<min(body.upperBound, body.lowerBound + 20)).first {
      !lines.isBlank($0, bytes)
    }
    guard let first, lines.ends[first] - lines.starts[first] <= maxTitleLineBytes else {
      return nil
    }
    return TextBytes.string(bytes, lines.starts[first], lines.ends[first])
  }

  /// Up to 60 non-blank lines of `range`, trimmed; longer lines are not title-page lines
  /// and end the list.
  static func frontLines(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ range: Range<Int>
  ) -> [String] {
    var found: [String] = []
    for line in range where !lines.isBlank(line, bytes) {
      guard found.count < 60, lines.ends[line] - lines.starts[line] <= 200 else { break }
      found.append(
        TextBytes.string(bytes, lines.starts[line], lines.ends[line])
          .trimmingCharacters(in: .whitespaces))
    }
    return found
  }

  private struct Parts {
    var assembler: ChapterAssembler
    var lines: LineTable
    var boilerplate: GutenbergBoilerplate
    var firstText: String?
    /// The non-blank lines before the first chapter, trimmed: the title page.
    var frontLines: [String]
    var language: String
  }

  /// Lines → boilerplate, headings, paragraphs, chapters.
  private static func split(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable, options: ImportOptions,
    warnings: inout [ImportWarning]
  ) -> Parts {
    let boilerplate = GutenbergBoilerplate(bytes, lines)
    let bodyStart = boilerplate.headerLines?.upperBound ?? 0
    let body = bodyStart..<max(bodyStart, boilerplate.footerLines?.lowerBound ?? lines.count)
    let matcher = HeadingMatcher(patterns: options.chapterPatterns ?? ChapterPattern.defaults)
    for pattern in matcher.invalidPatterns {
      warnings.append(
        ImportWarning("the chapter pattern \(pattern) is not a valid regular expression"))
    }
    let (headings, contentsLines) = ChapterDetector.detect(bytes, lines, body, matcher)
    warnings += duplicateWarnings(headings, bytes, lines, body)
    let language = TXTMetadata.guessLanguage(bytes, lines, body)
    let layout = ParagraphLayout.detect(bytes, lines, body)
    let splitter = ParagraphSplitter(
      bytes: bytes, lines: lines, layout: layout, listLines: contentsLines)
    var assembler = ChapterAssembler(splitter: splitter)
    if let first = headings.first {
      // Title pages and contents lists: named for what they are, not by their first words.
      assembler.addUntitled(
        body.lowerBound..<first.line, role: .frontMatter,
        title: language.hasPrefix("zh") ? "卷首" : "Front Matter")
      assembler.addChapters(headings, body: body)
    } else {
      assembler.addUntitled(body, role: .body)
      if assembler.chapters.count > 1 {
        warnings.append(
          ImportWarning(
            "no chapter headings found: the text is split into \(assembler.chapters.count) sections"
          ))
      }
    }
    if let header = boilerplate.headerLines {
      assembler.addUntitled(header, role: .backMatter, title: "Project Gutenberg header")
    }
    if let footer = boilerplate.footerLines {
      assembler.addUntitled(footer, role: .backMatter, title: "Project Gutenberg licence")
    }
    let firstText = titleLineCandidate(bytes, lines, body)
    let frontEnd = min(headings.first?.line ?? body.upperBound, body.lowerBound + 200)
    let front = frontLines(bytes, lines, body.lowerBound..<max(body.lowerBound, frontEnd))
    return Parts(
      assembler: assembler, lines: lines, boilerplate: boilerplate, firstText: firstText,
      frontLines: front, language: language)
  }

  /// One warning for each chapter left out as an identical copy of the one before it
  /// (a transcription slip): its title, where it was and how much text it held.
  static func duplicateWarnings(
    _ headings: [DetectedHeading], _ bytes: UnsafeBufferPointer<UInt8>, _ lines: LineTable,
    _ body: Range<Int>
  ) -> [ImportWarning] {
    headings.indices.filter { headings[$0].isDuplicate }.map { index in
      let heading = headings[index]
      let end = index + 1 < headings.count ? headings[index + 1].line : body.upperBound
      let from = lines.starts[heading.line]
      let to = end < lines.count ? lines.starts[end] : bytes.count
      let characters = TextBytes.scalarCount(bytes, from, max(from, to))
      return ImportWarning(
        "the chapter “\(heading.title)” appears twice with the same text: the copy at line "
          + "\(heading.line + 1) (\(characters) characters) is left out")
    }
  }

  /// The SHA-256 of the file, or of its path should it be gone (see `Book.contentHash`).
  static func contentHash(ofFileAt path: String) -> String {
    (try? SHA256.hexDigest(ofFileAt: path)) ?? SHA256.hexDigest(of: Array(path.utf8))
  }
}
