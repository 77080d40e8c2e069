/// Imports EPUB 2 and 3 books from a ZIP archive or an unpacked folder.
///
/// Follows EPUB 3.3 (and OPF 2.0.1 for EPUB 2): `mimetype` → `META-INF/container.xml` →
/// the OPF package (metadata, manifest, spine) → the table of contents (EPUB 3 nav, else
/// the EPUB 2 NCX, else the spine). Only the container directory, the OPF and the TOC
/// document are read at open (plus the first few kilobytes of a document the TOC does
/// not name, for its title); chapters are converted lazily by `EPUBContent`. Problems
/// that leave a usable book (a missing chapter, an odd mimetype, unsafe entry names)
/// become `ImportWarning`s.
enum EPUBImporter {
  /// Imports the book in `container`; `path` is the book's path as the user gave it.
  /// `format` names a book whose files were laid out as an EPUB's by another importer
  /// (MOBI, AZW3), which then has no `mimetype` to check.
  /// - Throws: `BookError` when no package document can be found or read, or when no
  ///   chapter of the spine is readable.
  static func importBook(
    from container: any ResourceContainer, path: String, options: ImportOptions,
    format: BookFormat? = nil
  ) throws -> Book {
    var warnings = container.warnings
    if format == nil { warnings += mimetypeWarnings(container) }
    let packagePath = try packageDocumentPath(in: container, path: path, warnings: &warnings)
    let root = try MarkupParser.parse(
      [UInt8](try container.read(packagePath)), mode: .xml, path: path, entry: packagePath,
      maxDepth: options.limits.maxXMLDepth
    ).root
    guard root.name == "package" else {
      throw BookError(
        .invalidPackage, path: path, entry: packagePath,
        "the package document's root is <\(root.name)>, not <package>")
    }
    var package = PackageDocument(root: root, path: packagePath)
    warnings += package.warnings
    warnings += packageWarnings(package, container: container)
    if let cover = package.metadata.coverHref, !container.contains(cover) {
      package.metadata.coverHref = nil
    }

    let encryption = "META-INF/encryption.xml"
    let obfuscation = FontObfuscation(
      encryptionXML: container.contains(encryption)
        ? (try? container.read(encryption)).map { [UInt8]($0) } : nil,
      identifier: package.metadata.identifier, bookPath: path)
    let encrypted = obfuscation.algorithms.values.filter {
      if case .unsupported = $0 { return true } else { return false }
    }
    if !encrypted.isEmpty {
      warnings.append(
        ImportWarning(
          entry: encryption,
          "\(encrypted.count) resources are encrypted (DRM) and cannot be read; "
            + "fonts among them fall back to the reader's fonts"))
    }
    let fonts = EmbeddedFontStore(
      container: container, obfuscation: obfuscation, limits: options.limits,
      cacheDirectory: options.fontCacheDirectory)
    var content = EPUBContent(
      container: container, bookPath: path, limits: options.limits, fonts: fonts)
    content.fixedPages = fixedPages(of: package)
    var chapters = spineChapters(of: package, in: container, warnings: &warnings)
    for index in chapters.indices {
      guard let href = chapters[index].href, let page = content.fixedPages[href] else { continue }
      chapters[index].spreadPlacement = FixedLayout.Placement(
        side: page.spreadSide, isAlone: page.isAlone)
    }
    guard !chapters.isEmpty else {
      throw BookError(
        .invalidPackage, path: path, entry: packagePath,
        "none of the \(package.spine.count) documents of the spine is in the book")
    }
    var (toc, links) = tableOfContents(
      of: package, chapters: chapters, content: content, options: options, warnings: &warnings)
    assignTitles(to: &chapters, from: links, content: content)
    if toc.isEmpty {
      toc = chapters.indices.filter { chapters[$0].isLinear }.map {
        TOCEntry(title: chapters[$0].title, chapterIndex: $0)
      }
    }
    if package.metadata.title.isEmpty {
      package.metadata.title = fileTitle(path)
      warnings.append(
        ImportWarning(entry: packagePath, "the book has no title; using its file name"))
    }
    let version = package.version
    return Book(
      path: path,
      format: format
        ?? (container is DirectoryContainer
          ? .epubDirectory(version: version) : .epub(version: version)),
      metadata: package.metadata, chapters: chapters, toc: toc, warnings: warnings,
      contentHash: {
        (try? container.contentHash()) ?? SHA256.hexDigest(of: Array(path.utf8))
      }, content: content)
  }

  /// The spine documents set as fixed-layout pages (`rendition:layout pre-paginated` for
  /// the book or the item, unless the item says `rendition:layout-reflowable`), each with
  /// its place in a spread; their size is read when they are converted.
  static func fixedPages(of package: PackageDocument) -> [String: FixedLayout] {
    var pages: [String: FixedLayout] = [:]
    for item in package.spine {
      guard item.isFixedLayout || (package.isFixedLayout && !item.isReflowable),
        let href = package.manifest[item.idref]?.href
      else { continue }
      var layout = FixedLayout(width: 0, height: 0, spreadSide: item.spreadSide)
      layout.isAlone = item.isAlone
      pages[href] = layout
    }
    return pages
  }

  /// The last path component without its extension: the title of last resort.
  static func fileTitle(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
