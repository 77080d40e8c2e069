import Foundation

/// Imports plain-text books: detects the encoding, strips Project Gutenberg boilerplate
/// into back matter, splits chapters by heading patterns, and builds every chapter's
/// styled text.
enum TXTImporter {
  /// Opens the TXT file at `path`.
  /// - Throws: `BookError` for an empty, oversized, unreadable or binary file.
  static func importBook(path: String, options: ImportOptions) throws -> Book {
    let data = try read(path, limit: options.limits.maxTextFileSize)
    return try data.withUnsafeBytes { raw in
      let hash = SHA256.hexDigest(of: raw)
      let decoded = try TextDecoder(bytes: raw, path: path)
      var warnings: [ImportWarning] = []
      if decoded.replacements > 0 {
        warnings.append(
          ImportWarning(
            "\(decoded.replacements) byte sequences are not valid \(decoded.encodingName) "
              + "and were replaced with U+FFFD"))
      }
      let utf8 = decoded.utf8
      return utf8.withUnsafeBufferPointer { bytes in
        let parts = split(bytes, options: options, warnings: &warnings)
        let metadata = TXTMetadata.metadata(
          path: path, boilerplate: parts.boilerplate, firstText: parts.firstText,
          language: parts.language)
        return Book(
          path: path, format: .txt(encoding: decoded.encodingName), metadata: metadata,
          chapters: parts.assembler.chapters, toc: parts.assembler.toc, warnings: warnings,
          contentHash: hash, content: TXTContent(path: path, texts: parts.assembler.texts))
      }
    }
  }

  private static func read(_ path: String, limit: Int) throws -> Data {
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    if size > limit {
      throw BookError(
        .limitExceeded, path: path,
        "the text file is \(size) bytes, more than the limit of \(limit) bytes")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw BookError(.unreadable, path: path, "cannot be read (permission denied?)")
    }
    if data.isEmpty { throw BookError(.emptyFile, path: path, "the file is empty") }
    if data.count > limit {
      throw BookError(
        .limitExceeded, path: path,
        "the text file is \(data.count) bytes, more than the limit of \(limit) bytes")
    }
    return data
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

  private struct Parts {
    var assembler: ChapterAssembler
    var boilerplate: GutenbergBoilerplate
    var firstText: String?
    var language: String
  }

  /// Lines → boilerplate, headings, paragraphs, chapters.
  private static func split(
    _ bytes: UnsafeBufferPointer<UInt8>, options: ImportOptions,
    warnings: inout [ImportWarning]
  ) -> Parts {
    let lines = LineTable(bytes)
    let boilerplate = GutenbergBoilerplate(bytes, lines)
    let bodyStart = boilerplate.headerLines?.upperBound ?? 0
    let body = bodyStart..<max(bodyStart, boilerplate.footerLines?.lowerBound ?? lines.count)
    let matcher = HeadingMatcher(patterns: options.chapterPatterns ?? ChapterPattern.defaults)
    for pattern in matcher.invalidPatterns {
      warnings.append(
        ImportWarning("the chapter pattern \(pattern) is not a valid regular expression"))
    }
    let headings = ChapterDetector.detectHeadings(bytes, lines, body, matcher)
    let language = TXTMetadata.guessLanguage(bytes, lines, body)
    let layout = ParagraphLayout.detect(bytes, lines, body)
    let splitter = ParagraphSplitter(bytes: bytes, lines: lines, layout: layout)
    var assembler = ChapterAssembler(splitter: splitter, language: language)
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
    return Parts(
      assembler: assembler, boilerplate: boilerplate, firstText: firstText, language: language)
  }
}
