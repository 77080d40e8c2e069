extension Book {
  /// This book shown in another script (`ScriptConversion`, OpenCC's dictionaries): its
  /// chapters converted on first use, its title, authors, chapter titles and contents
  /// converted now. Every offset is the original's, so positions, bookmarks and highlights
  /// stay where they were; the content hash records the conversion (`conversionHash`), so
  /// the page breaks of each script are cached apart.
  ///
  /// A book the conversion does not apply to (not Chinese, or already in the target
  /// script: `ScriptConversion.applies(toLanguage:)`) is returned as it is.
  /// - Throws: `BookError` when OpenCC's data cannot be read.
  public func converted(_ conversion: ScriptConversion) throws -> Book {
    guard conversion.applies(toLanguage: metadata.language) else { return self }
    let converter = try ScriptConverter.shared(conversion)
    var metadata = self.metadata
    metadata.title = converter.convert(metadata.title)
    metadata.subtitle = metadata.subtitle.map(converter.convert)
    for index in metadata.creators.indices {
      metadata.creators[index].name = converter.convert(metadata.creators[index].name)
    }
    metadata.language = conversion.targetLanguage
    let chapters = self.chapters.map { chapter in
      var chapter = chapter
      chapter.title = converter.convert(chapter.title)
      return chapter
    }
    func convertEntries(_ entries: [TOCEntry]) -> [TOCEntry] {
      entries.map { entry in
        var entry = entry
        entry.title = converter.convert(entry.title)
        entry.children = convertEntries(entry.children)
        return entry
      }
    }
    let base = self
    return Book(
      path: path, format: format, metadata: metadata, chapters: chapters,
      toc: convertEntries(toc), warnings: warnings,
      contentHash: { Book.conversionHash(base.contentHash, conversion) },
      content: ConvertedContent(base: content, converter: converter))
  }

  /// The content hash of a book shown through `conversion`.
  static func conversionHash(_ hash: String, _ conversion: ScriptConversion) -> String {
    SHA256.hexDigest(of: Array("\(hash)\nopencc:\(conversion.rawValue)".utf8))
  }
}
