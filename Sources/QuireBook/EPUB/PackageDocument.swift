/// The OPF package document of an EPUB: metadata, manifest and spine (EPUB 3.3 §5).
///
/// Parsed once at import. Every href is resolved to a package path; manifest items whose
/// href would leave the package are dropped with a warning.
struct PackageDocument {
  /// A manifest item: one file of the publication.
  struct Item: Hashable {
    var id: String
    /// Package path (fragment removed).
    var href: String
    var mediaType: String
    /// The space-separated `properties` tokens ("nav", "cover-image", "svg", …).
    var properties: Set<String>
    /// The id of the item to use when this one's media type is not supported.
    var fallback: String?
    /// The id of the item's media overlay (`media-overlay`, a SMIL document).
    var mediaOverlay: String? = nil

    /// True for documents a reader shows as text: XHTML and (recovered) HTML.
    var isContentDocument: Bool {
      mediaType == "application/xhtml+xml" || mediaType == "text/html"
    }

    /// True for raster and vector images.
    var isImage: Bool { mediaType.hasPrefix("image/") }
  }

  /// An `itemref` of the spine.
  struct SpineItem: Hashable {
    var idref: String
    /// False for `linear="no"`: out of the reading order, reachable by links.
    var isLinear: Bool
    /// True for `properties="rendition:layout-pre-paginated"`: one fixed-layout page.
    var isFixedLayout: Bool
    /// True for `rendition:layout-reflowable`: reflowed in a fixed-layout book.
    var isReflowable = false
    /// `page-spread-left`, `-right` or `rendition:page-spread-center`.
    var spreadSide: FixedLayout.SpreadSide?
    /// `rendition:spread-none`: shown alone, never in a spread.
    var isAlone = false
  }

  static let opfNamespace = "http://www.idpf.org/2007/opf"
  static let dcNamespace = "http://purl.org/dc/elements/1.1/"

  /// The package path of the OPF itself; hrefs inside it are relative to it.
  var path: String
  /// The `version` attribute, e.g. "3.0"; "2.0" when absent.
  var version: String
  var metadata: Metadata
  /// Manifest items by id.
  var manifest: [String: Item]
  /// Manifest items in document order.
  var items: [Item]
  var spine: [SpineItem]
  /// The spine's `toc` attribute: the id of the EPUB 2 NCX.
  var ncxID: String?
  /// True for `rendition:layout` `pre-paginated` (fixed layout, EPUB 3 FXL).
  var isFixedLayout: Bool
  /// Ids of manifest items dropped because their href leaves the package.
  var unsafeItemIDs: Set<String>
  var warnings: [ImportWarning] = []

  /// Reads the package document rooted at `root`, found at package path `path`.
  init(root: MarkupElement, path: String) {
    self.path = path
    version = root.attribute("version") ?? "2.0"
    manifest = [:]
    items = []
    unsafeItemIDs = []
    for element in root.firstChild("manifest")?.children(named: "item") ?? [] {
      guard let id = element.attribute("id"), let reference = element.attribute("href") else {
        continue
      }
      guard let resolved = PackagePath.resolve(reference, against: path) else {
        unsafeItemIDs.insert(id)
        warnings.append(
          ImportWarning(
            entry: path, "manifest item \"\(id)\" points outside the book (\(reference)); ignored"))
        continue
      }
      let href = String(resolved.split(separator: "#", maxSplits: 1).first ?? "")
      var item = Item(
        id: id, href: href, mediaType: (element.attribute("media-type") ?? "").lowercased(),
        properties: Set(
          (element.attribute("properties") ?? "").split(separator: " ").map(String.init)),
        fallback: element.attribute("fallback"))
      item.mediaOverlay = element.attribute("media-overlay")
      if manifest[id] == nil {
        manifest[id] = item
        items.append(item)
      }
    }
    let spineElement = root.firstChild("spine")
    ncxID = spineElement?.attribute("toc")
    spine = (spineElement?.children(named: "itemref") ?? []).compactMap { element in
      guard let idref = element.attribute("idref") else { return nil }
      let properties = (element.attribute("properties") ?? "").split(separator: " ")
      var item = SpineItem(
        idref: idref, isLinear: element.attribute("linear") != "no",
        isFixedLayout: properties.contains("rendition:layout-pre-paginated"))
      item.isReflowable = properties.contains("rendition:layout-reflowable")
      item.isAlone = properties.contains("rendition:spread-none")
      item.spreadSide =
        properties.contains("page-spread-left") || properties.contains("rendition:page-spread-left")
        ? .left
        : properties.contains("page-spread-right")
          || properties.contains("rendition:page-spread-right")
          ? .right : properties.contains("rendition:page-spread-center") ? .center : nil
      return item
    }
    let reader = MetadataReader(
      element: root.firstChild("metadata") ?? MarkupElement(name: "metadata"),
      uniqueIdentifier: root.attribute("unique-identifier"))
    metadata = reader.metadata()
    isFixedLayout = reader.isFixedLayout
    metadata.spread = reader.spread
    metadata.coverHref = coverHref(coverID: reader.coverID)
    metadata.mediaActiveClass = root.firstChild("metadata")?.children(named: "meta")
      .first { $0.attribute("property") == "media:active-class" }.map {
        collapsedWhitespace($0.textContent)
      }
    metadata.progressesRightToLeft =
      spineElement?.attribute("page-progression-direction")?.lowercased() == "rtl"
  }

  /// Package path of the SMIL media overlay of `item`, when it names one that is a SMIL
  /// document of the manifest.
  func mediaOverlayHref(of item: Item) -> String? {
    guard let id = item.mediaOverlay, let overlay = manifest[id],
      overlay.mediaType == "application/smil+xml"
    else { return nil }
    return overlay.href
  }

  /// The EPUB 3 navigation document (the item with `properties="nav"`).
  var navigationItem: Item? {
    items.first { $0.properties.contains("nav") }
  }

  /// The EPUB 2 NCX: the spine's `toc` item, else any item of the NCX media type.
  var ncxItem: Item? {
    if let ncxID, let item = manifest[ncxID] { return item }
    return items.first { $0.mediaType == "application/x-dtbncx+xml" }
  }

  /// The cover image: EPUB 3 `cover-image`, else EPUB 2 `<meta name="cover">`, else an
  /// image whose id or file name says "cover".
  private func coverHref(coverID: String?) -> String? {
    if let item = items.first(where: { $0.properties.contains("cover-image") }) {
      return item.href
    }
    if let coverID {
      if let item = manifest[coverID] { return item.href }
      // Some books put the image's href in the meta instead of its id.
      if let href = PackagePath.resolve(coverID, against: path),
        let item = items.first(where: { $0.href == href })
      {
        return item.href
      }
    }
    return items.first { item in
      item.isImage
        && (item.id.lowercased().contains("cover") || item.href.lowercased().contains("cover"))
    }?.href
  }
}
