extension EPUBImporter {
  /// The TOC from the EPUB 3 nav, else the EPUB 2 NCX, plus its entries that link into a
  /// chapter (for titles); empty when neither gives entries (the caller then lists the
  /// spine).
  static func tableOfContents(
    of package: PackageDocument, chapters: [Chapter], content: EPUBContent,
    options: ImportOptions, warnings: inout [ImportWarning]
  ) -> (toc: [TOCEntry], links: [TOCEntry]) {
    var indexByHref: [String: Int] = [:]
    for (index, chapter) in chapters.enumerated() {
      if let href = chapter.href, indexByHref[href] == nil { indexByHref[href] = index }
    }
    let sources: [(item: PackageDocument.Item?, isNav: Bool)] = [
      (package.navigationItem, true), (package.ncxItem, false),
    ]
    for case (let item?, let isNav) in sources {
      guard let data = try? content.container.read(item.href),
        let root = try? MarkupParser.parse(
          [UInt8](data), mode: isNav ? .xhtmlRecovering : .xml, path: content.bookPath,
          entry: item.href, maxDepth: options.limits.maxXMLDepth
        ).root
      else {
        warnings.append(
          ImportWarning(entry: item.href, "the table of contents cannot be read; ignored"))
        continue
      }
      let points =
        isNav
        ? NavigationDocumentReader.points(in: root, documentHref: item.href)
        : NCXReader.points(in: root, documentHref: item.href)
      guard let points, !points.isEmpty else { continue }
      var resolver = TOCResolver(chapterIndexByHref: indexByHref, documentHref: item.href)
      let entries = resolver.entries(for: points)
      warnings += resolver.warnings
      return (entries, resolver.links)
    }
    return ([], [])
  }

  /// Names each chapter: the first TOC entry that points at its start (no fragment), else
  /// the first that points into it, else the document's own title (scanned from its
  /// first bytes, see `DocumentTitleScanner`), else its file name.
  static func assignTitles(
    to chapters: inout [Chapter], from links: [TOCEntry], content: EPUBContent
  ) {
    var atStart: [Int: String] = [:]
    var inside: [Int: String] = [:]
    for entry in links {
      guard let index = entry.chapterIndex, !entry.title.isEmpty else { continue }
      if entry.fragment == nil, atStart[index] == nil { atStart[index] = entry.title }
      if inside[index] == nil { inside[index] = entry.title }
    }
    for index in chapters.indices {
      if let title = atStart[index] ?? inside[index] {
        chapters[index].title = title
        continue
      }
      let href = chapters[index].href ?? ""
      let prefix = try? content.container.readPrefix(
        href, maxBytes: DocumentTitleScanner.prefixLength)
      let documentTitle =
        prefix.flatMap { DocumentTitleScanner.title(in: [UInt8]($0)) }.map(collapsedWhitespace)
        ?? ""
      chapters[index].title = documentTitle.isEmpty ? fileTitle(href) : documentTitle
    }
  }
}
