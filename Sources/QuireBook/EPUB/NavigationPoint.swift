/// A table-of-contents entry as read from a nav or NCX document, before it is matched to
/// a chapter.
struct NavigationPoint: Hashable {
  var title: String
  /// Package path plus optional "#fragment"; nil for a heading without a link, or a link
  /// that leaves the book.
  var target: String?
  /// The href as written, for warnings about targets that cannot be resolved.
  var reference: String?
  var children: [NavigationPoint]
}

/// Reads the `toc` nav of an EPUB 3 navigation document (EPUB 3.3 §7.3.4).
enum NavigationDocumentReader {
  /// The entries of the `<nav epub:type="toc">` (or of an untyped `<nav>` when none says
  /// "toc"; never a page-list or landmarks nav), nested as the document's `<ol>`s are;
  /// nil when the document has no such nav.
  ///
  /// A `<span>` heading without a link is kept with its children.
  static func points(in root: MarkupElement, documentHref: String) -> [NavigationPoint]? {
    let navs = root.descendants { $0.name == "nav" }
    let toc =
      navs.first { nav in
        (nav.attribute("epub:type") ?? "").split(separator: " ").contains("toc")
      } ?? navs.first { $0.attribute("epub:type") == nil }
    guard let toc, let list = toc.firstDescendant("ol") else { return nil }
    return points(inList: list, documentHref: documentHref)
  }

  private static func points(inList list: MarkupElement, documentHref: String)
    -> [NavigationPoint]
  {
    list.children(named: "li").compactMap { item in
      let children = item.firstChild("ol").map { points(inList: $0, documentHref: documentHref) }
      let label = item.elements.first { $0.name == "a" || $0.name == "span" }
      var title = label.map { collapsedWhitespace($0.textContent) } ?? ""
      if title.isEmpty { title = label?.attribute("title") ?? "" }
      let reference = label?.name == "a" ? label?.attribute("href") : nil
      if title.isEmpty && reference == nil && (children ?? []).isEmpty { return nil }
      return NavigationPoint(
        title: title,
        target: reference.flatMap { PackagePath.resolve($0, against: documentHref) },
        reference: reference, children: children ?? [])
    }
  }
}

/// Reads the `navMap` of an EPUB 2 NCX document (OPF 2.0.1 §2.4.1).
enum NCXReader {
  /// The nested `navPoint`s, with `navLabel/text` as title and `content@src` as target.
  static func points(in root: MarkupElement, documentHref: String) -> [NavigationPoint]? {
    guard let navMap = root.firstChild("navMap") else { return nil }
    return navPoints(of: navMap, documentHref: documentHref)
  }

  private static func navPoints(of parent: MarkupElement, documentHref: String)
    -> [NavigationPoint]
  {
    parent.children(named: "navPoint").map { point in
      let title = point.firstChild("navLabel")?.firstChild("text")?.textContent ?? ""
      let reference = point.firstChild("content")?.attribute("src")
      return NavigationPoint(
        title: collapsedWhitespace(title),
        target: reference.flatMap { PackagePath.resolve($0, against: documentHref) },
        reference: reference, children: navPoints(of: point, documentHref: documentHref))
    }
  }
}
