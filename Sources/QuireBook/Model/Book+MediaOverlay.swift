extension Book {
  /// Whether any chapter has the book's own narration (an EPUB 3 media overlay).
  public var hasNarration: Bool { chapters.contains { $0.mediaOverlayHref != nil } }

  /// The media overlay of chapter `index`, read from its SMIL document, with the problems
  /// met (a clip without text, a time that is not a clock value); nil with a warning when
  /// the document is missing or broken, nil alone when the chapter has none.
  public func mediaOverlay(ofChapter index: Int) -> (
    overlay: MediaOverlay?, warnings: [ImportWarning]
  ) {
    guard chapters.indices.contains(index), let href = chapters[index].mediaOverlayHref else {
      return (nil, [])
    }
    do {
      let bytes = try resource(at: href)
      return try MediaOverlayDocument.parse(
        [UInt8](bytes), href: href, bookPath: path, maxDepth: ImportLimits().maxXMLDepth)
    } catch let error as BookError {
      return (nil, [ImportWarning(entry: href, "the narration cannot be read: \(error.detail)")])
    } catch {
      return (nil, [ImportWarning(entry: href, "the narration cannot be read: \(error)")])
    }
  }
}
