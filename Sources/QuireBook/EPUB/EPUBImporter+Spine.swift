extension EPUBImporter {
  /// Markup overhead assumed when estimating a chapter's text length from its file size.
  static let markupOverhead = 1.2

  /// One chapter per readable spine item, in spine order (non-linear ones included with
  /// `isLinear == false`); spine items that cannot be found are skipped with a warning.
  /// Titles are filled in later, from the TOC.
  static func spineChapters(
    of package: PackageDocument, in container: any ResourceContainer,
    warnings: inout [ImportWarning]
  ) -> [Chapter] {
    var chapters: [Chapter] = []
    for spineItem in package.spine {
      guard var item = package.manifest[spineItem.idref] else {
        let reason =
          package.unsafeItemIDs.contains(spineItem.idref)
          ? "points outside the book" : "is not in the manifest"
        warnings.append(
          ImportWarning(
            entry: package.path, "spine item \"\(spineItem.idref)\" \(reason); skipped"))
        continue
      }
      item = contentDocument(for: item, in: package)
      guard let size = container.size(of: item.href) else {
        warnings.append(
          ImportWarning(entry: item.href, "the chapter's file is missing from the book; skipped"))
        continue
      }
      var chapter = Chapter(
        title: "", href: item.href, isLinear: spineItem.isLinear,
        estimatedLength: Int(Double(size) / markupOverhead))
      chapter.mediaOverlayHref = package.mediaOverlayHref(of: item)
      chapters.append(chapter)
    }
    return chapters
  }

  /// The item itself when it is XHTML, else the first XHTML item of its fallback chain
  /// (EPUB 3.3 §3.5.2), else the item itself (the converter recovers what it can).
  private static func contentDocument(
    for item: PackageDocument.Item, in package: PackageDocument
  ) -> PackageDocument.Item {
    var current = item
    var seen: Set<String> = [item.id]
    while !current.isContentDocument, let next = current.fallback.flatMap({ package.manifest[$0] }),
      seen.insert(next.id).inserted
    {
      current = next
    }
    return current.isContentDocument ? current : item
  }
}
