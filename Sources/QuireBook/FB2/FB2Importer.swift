import Foundation

/// Imports FictionBook 2 books (`.fb2`, and `.fb2.zip`: a ZIP holding one `.fb2`).
///
/// The XML is parsed once at open by libxml2 (`MarkupParser`, which honours the encoding
/// the prolog declares, windows-1251 as often as UTF-8); a file cut short or otherwise
/// broken is recovered as far as it reads, with a warning. The description gives the
/// metadata, the bodies the chapters and contents (`FB2Outline`); chapter texts are made
/// when first shown (`FB2Content`).
enum FB2Importer {
  /// Opens the FB2 file at `path` (at most `ImportLimits.maxTextFileSize` bytes; each
  /// image in it at most `maxEntrySize` once decoded).
  /// - Throws: `BookError` for an unreadable, oversized or empty file, or one that is not
  ///   a FictionBook.
  static func importBook(path: String, options: ImportOptions) throws -> Book {
    let bytes = try BookFile.read(
      path, limit: options.limits.maxTextFileSize, noun: "FictionBook file")
    return try importBook(
      bytes: bytes, path: path, entry: nil, options: options,
      contentHash: {
        (try? SHA256.hexDigest(ofFileAt: path)) ?? SHA256.hexDigest(of: Array(path.utf8))
      })
  }

  /// Opens the `.fb2` entry `entry` of a ZIP archive (`.fb2.zip`).
  static func importBook(
    from container: ZipContainer, entry: String, path: String, options: ImportOptions
  ) throws -> Book {
    try importBook(
      bytes: [UInt8](try container.read(entry)), path: path, entry: entry, options: options,
      warnings: container.warnings,
      contentHash: { (try? container.contentHash()) ?? SHA256.hexDigest(of: Array(path.utf8)) })
  }

  /// The path a chapter is known by inside the book, for links and resources.
  static func chapterHref(_ index: Int) -> String { "chapter-\(index + 1).xhtml" }

  private static func importBook(
    bytes: [UInt8], path: String, entry: String?, options: ImportOptions,
    warnings containerWarnings: [ImportWarning] = [],
    contentHash: @escaping @Sendable () -> String
  ) throws -> Book {
    let parsed: MarkupParser.Result
    do {
      parsed = try MarkupParser.parse(
        bytes, mode: .xmlRecovering, path: path, entry: entry ?? "",
        maxDepth: options.limits.maxXMLDepth)
    } catch let error as BookError {
      throw BookError(
        error.code, path: path, entry: entry, "\(error.detail): not a readable FictionBook")
    }
    guard parsed.root.name == "FictionBook" else {
      throw BookError(
        .unsupportedFormat, path: path, entry: entry,
        "the XML's root is <\(parsed.root.name)>, not <FictionBook>")
    }
    var warnings = containerWarnings
    if parsed.recovered {
      warnings.append(
        ImportWarning(
          entry: entry,
          "the FictionBook XML is not well formed (cut short?); the book is shown as far as it could be read"
        ))
    }
    if parsed.truncatedDepth {
      warnings.append(
        ImportWarning(
          entry: entry,
          "elements nested deeper than \(options.limits.maxXMLDepth) levels were left out"))
    }
    let document = FB2Document(root: parsed.root)
    var metadata = document.metadata()
    if metadata.title.isEmpty {
      metadata.title = EPUBImporter.fileTitle(entry ?? path)
      warnings.append(ImportWarning(entry: entry, "the book has no title; using its file name"))
    }
    let outline = FB2Outline(document: document, bookTitle: metadata.title)
    guard !outline.parts.isEmpty else {
      throw BookError(
        .malformedDocument, path: path, entry: entry,
        "the FictionBook has no <body> with text (the file is cut short or empty)")
    }
    let chapters = outline.parts.enumerated().map { index, part in
      Chapter(
        title: part.title, href: chapterHref(index), isLinear: part.kind != .notes,
        role: part.kind == .notes
          ? .backMatter : (part.kind == .lead && part.level == 1 ? .frontMatter : .body),
        estimatedLength: part.element.textContentUTF16Count)
    }
    var toc = outline.toc
    if toc.isEmpty {
      toc = chapters.indices.filter { chapters[$0].isLinear }.map {
        TOCEntry(title: chapters[$0].title, chapterIndex: $0)
      }
    }
    let markup = FB2Markup(
      chapterHrefOfID: outline.chapterOfID.mapValues(chapterHref),
      stylesheets: [FB2Stylesheet.text] + document.stylesheets)
    let content = FB2Content(
      outline: outline, markup: markup,
      binaries: FB2Binaries(binaries: document.binaries, bookPath: path, limits: options.limits),
      bookPath: path, limits: options.limits)
    return Book(
      path: path,
      format: entry == nil
        ? .fb2(encoding: declaredEncoding(bytes)) : .fb2Zip(encoding: declaredEncoding(bytes)),
      metadata: metadata, chapters: chapters, toc: toc, warnings: warnings,
      contentHash: contentHash, content: content)
  }

  /// The encoding the XML prolog declares (`encoding="windows-1251"`), else UTF-8.
  static func declaredEncoding(_ bytes: [UInt8]) -> String {
    let prolog = String(decoding: bytes.prefix(200), as: UTF8.self)
    guard prolog.hasPrefix("<?xml") || prolog.hasPrefix("\u{FEFF}<?xml"),
      let end = prolog.range(of: "?>"),
      let key = prolog[..<end.lowerBound].range(of: "encoding=")
    else { return "UTF-8" }
    let rest = prolog[key.upperBound..<end.lowerBound]
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return "UTF-8" }
    let value = rest.dropFirst().prefix { $0 != quote }
    return value.isEmpty ? "UTF-8" : String(value)
  }
}
