/// What a ZIP archive holds, told from its entry names.
enum ArchiveKind: Equatable {
  /// An EPUB (`META-INF/container.xml`, a package document or a `mimetype`), and any
  /// archive that is nothing else (the EPUB importer then says what is missing).
  case epub
  /// A FictionBook inside a ZIP (`.fb2.zip`): the named `.fb2` entry.
  case fictionBook(entry: String)
  /// A comic book archive (CBZ): page images, perhaps with a `ComicInfo.xml`.
  case comic

  /// Tells the kind from the archive's entries.
  init(entryNames: [String]) {
    let lowercased = entryNames.map { $0.lowercased() }
    if lowercased.contains(where: {
      $0 == "meta-inf/container.xml" || $0 == "mimetype" || $0.hasSuffix(".opf")
    }) {
      self = .epub
    } else if let index = lowercased.firstIndex(where: { $0.hasSuffix(".fb2") }) {
      self = .fictionBook(entry: entryNames[index])
    } else if entryNames.contains(where: ComicImporter.isPage) {
      self = .comic
    } else {
      self = .epub
    }
  }
}
