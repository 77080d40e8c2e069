/// Imports comic book archives (CBZ: a ZIP of page images, with an optional
/// `ComicInfo.xml`; CB7 and CBR, the same in a 7-Zip or RAR archive).
///
/// The pages are the archive's images in natural order (`NaturalOrder`: page2 before
/// page10, whatever order the ZIP lists them in), each one chapter holding one picture that
/// the paginator fits to the page. `ComicInfo.xml` gives the metadata and, for manga, pages
/// that turn right to left. A folder per chapter gives the contents; otherwise it lists the
/// cover alone.
enum ComicImporter {
  /// The file names taken as pages (images Quire draws, and those it shows as a framed
  /// placeholder rather than leave out).
  static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "bmp", "svg"]

  /// Whether an archive entry is a page: an image outside hidden and macOS folders.
  static func isPage(_ name: String) -> Bool {
    let components = name.split(separator: "/")
    guard let file = components.last, !file.hasPrefix("."),
      !components.contains(where: { $0 == "__MACOSX" || $0.hasPrefix(".") }),
      let dot = file.lastIndex(of: ".")
    else { return false }
    return imageExtensions.contains(file[file.index(after: dot)...].lowercased())
  }

  /// Opens the comic in `container`.
  /// - Throws: `BookError` when the archive holds no page.
  static func importBook(
    from container: any ResourceContainer, path: String, format: BookFormat,
    options: ImportOptions
  ) throws -> Book {
    var warnings = container.warnings
    let pages = NaturalOrder.sorted(container.entryNames.filter(isPage))
    guard !pages.isEmpty else {
      throw BookError(.invalidPackage, path: path, "the archive holds no page images")
    }
    var info: ComicInfo?
    if let entry = container.entryNames.first(where: { $0.lowercased() == "comicinfo.xml" }) {
      do {
        let root = try MarkupParser.parse(
          [UInt8](try container.read(entry)), mode: .xmlRecovering, path: path, entry: entry,
          maxDepth: options.limits.maxXMLDepth
        ).root
        info = ComicInfo(root)
      } catch {
        warnings.append(ImportWarning(entry: entry, "cannot be read; the comic has no metadata"))
      }
    }
    let metadata = metadata(info, pages: pages, path: path)
    // Its cover alone, then its pages in pairs when shown two at a time.
    let chapters = pages.enumerated().map { index, page in
      var chapter = Chapter(
        title: "Page \(index + 1)", href: page, role: index == 0 ? .frontMatter : .body,
        estimatedLength: 2)
      chapter.spreadPlacement = FixedLayout.Placement(isAlone: index == 0)
      return chapter
    }
    return Book(
      path: path, format: format, metadata: metadata, chapters: chapters,
      toc: contents(of: pages), warnings: warnings,
      contentHash: { (try? container.contentHash()) ?? SHA256.hexDigest(of: Array(path.utf8)) },
      content: ComicContent(container: container, pages: pages))
  }

  private static func metadata(_ info: ComicInfo?, pages: [String], path: String) -> Metadata {
    var title = info?.title ?? info?.series ?? EPUBImporter.fileTitle(path)
    if info?.title == nil, let number = info?.number, info?.series != nil { title += " #\(number)" }
    var metadata = Metadata(
      title: title, creators: info?.creators ?? [], language: info?.language,
      publisher: info?.publisher, date: info?.date, description: info?.summary,
      series: info?.series.map { Metadata.Series(name: $0, position: info?.number) },
      subjects: info?.genres ?? [])
    let cover = info?.coverPage.flatMap { pages.indices.contains($0) ? pages[$0] : nil }
    metadata.coverHref = cover ?? pages[0]
    metadata.progressesRightToLeft = info?.isManga ?? false
    return metadata
  }

  /// One entry per folder of pages when the pages are in several; else the first page.
  private static func contents(of pages: [String]) -> [TOCEntry] {
    var entries: [TOCEntry] = []
    var lastFolder: Substring?
    for (index, page) in pages.enumerated() {
      let folder = page.lastIndex(of: "/").map { page[..<$0] } ?? ""
      if folder != lastFolder {
        entries.append(
          TOCEntry(
            title: folder.split(separator: "/").last.map(String.init) ?? "Cover",
            chapterIndex: index))
        lastFolder = folder
      }
    }
    return entries.count > 1 ? entries : [TOCEntry(title: "Cover", chapterIndex: 0)]
  }
}
