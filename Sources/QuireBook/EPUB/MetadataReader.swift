/// Reads the OPF `<metadata>` element into `Metadata` (EPUB 3.3 §5.5, with the EPUB 2
/// `opf:role` / `opf:file-as` attributes and calibre's series metas).
struct MetadataReader {
  /// The metadata children, with EPUB 2's `dc-metadata` / `x-metadata` wrappers flattened.
  private let elements: [MarkupElement]
  /// EPUB 3 `refines` metas: target id → (property, value) in document order.
  private let refinements: [String: [(property: String, value: String)]]
  private let uniqueIdentifier: String?

  init(element: MarkupElement, uniqueIdentifier: String?) {
    var elements: [MarkupElement] = []
    for child in element.elements {
      if child.name == "dc-metadata" || child.name == "x-metadata" {
        elements += child.elements
      } else {
        elements.append(child)
      }
    }
    var refinements: [String: [(property: String, value: String)]] = [:]
    for meta in elements where meta.name == "meta" {
      guard let target = meta.attribute("refines"), target.hasPrefix("#"),
        let property = meta.attribute("property")
      else { continue }
      refinements[String(target.dropFirst()), default: []].append(
        (property, collapsedWhitespace(meta.textContent)))
    }
    self.elements = elements
    self.refinements = refinements
    self.uniqueIdentifier = uniqueIdentifier
  }

  /// The book's metadata; `title` is empty when the package names none.
  func metadata() -> Metadata {
    let titles = dublinCore("title")
    let main =
      titles.first { refinement("title-type", of: $0) == "main" }
      ?? titles.first { refinement("title-type", of: $0) != "subtitle" } ?? titles.first
    let subtitle = titles.first { refinement("title-type", of: $0) == "subtitle" }
    let identifiers = dublinCore("identifier")
    let identifier =
      identifiers.first { $0.attribute("id") != nil && $0.attribute("id") == uniqueIdentifier }
      ?? identifiers.first
    let dates = dublinCore("date")
    let date =
      dates.first { event(of: $0) == nil || event(of: $0) == "publication" } ?? dates.first
    return Metadata(
      title: main.map(text) ?? "",
      subtitle: subtitle.map(text),
      creators: creators(),
      language: dublinCore("language").first.map(text),
      identifier: identifier.map(text),
      publisher: dublinCore("publisher").first.map(text),
      date: date.map(text),
      description: dublinCore("description").first.map { strippingTags(text($0)) },
      series: series(),
      subjects: dublinCore("subject").map(text).filter { !$0.isEmpty },
      rights: dublinCore("rights").first.map(text))
  }

  /// True for `rendition:layout` `pre-paginated`.
  var isFixedLayout: Bool {
    elements.contains { element in
      element.name == "meta" && element.attribute("refines") == nil
        && element.attribute("property") == "rendition:layout"
        && collapsedWhitespace(element.textContent) == "pre-paginated"
    }
  }

  /// The book's `rendition:spread`, when it gives a known one (`portrait`, deprecated, is
  /// taken as `both`, as EPUB 3.3 §8.2.4.1 says reading systems should).
  var spread: FixedLayout.Spread? {
    let value = elements.first { element in
      element.name == "meta" && element.attribute("refines") == nil
        && element.attribute("property") == "rendition:spread"
    }.map { collapsedWhitespace($0.textContent).lowercased() }
    return value == "portrait" ? .both : value.flatMap(FixedLayout.Spread.init(rawValue:))
  }

  /// The id (or, in some books, href) named by EPUB 2's `<meta name="cover" content="…">`.
  var coverID: String? {
    epub2Meta("cover")
  }

  // MARK: - Parts

  /// Authors first (`dc:creator` without a role or with "aut"), then everyone else; a
  /// `dc:contributor` without a role is a contributor ("ctb"), never an author.
  private func creators() -> [Metadata.Contributor] {
    var authors: [Metadata.Contributor] = []
    var others: [Metadata.Contributor] = []
    for (name, isCreator) in [("creator", true), ("contributor", false)] {
      for element in dublinCore(name) {
        let contributor = Metadata.Contributor(
          name: text(element),
          role: opfAttribute("role", of: element) ?? principalRole(of: element)
            ?? (isCreator ? nil : "ctb"),
          fileAs: opfAttribute("file-as", of: element) ?? refinement("file-as", of: element))
        if contributor.name.isEmpty { continue }
        if isCreator && (contributor.role == nil || contributor.role == "aut") {
          authors.append(contributor)
        } else {
          others.append(contributor)
        }
      }
    }
    return authors + others
  }

  /// EPUB 3 `belongs-to-collection` (a "series" collection first), else calibre's metas.
  private func series() -> Metadata.Series? {
    let collections = elements.filter {
      $0.name == "meta" && $0.attribute("refines") == nil
        && $0.attribute("property") == "belongs-to-collection"
    }
    let chosen =
      collections.first { refinement("collection-type", of: $0) == "series" }
      ?? collections.first { refinement("collection-type", of: $0) == nil }
    if let chosen, !text(chosen).isEmpty {
      return Metadata.Series(name: text(chosen), position: refinement("group-position", of: chosen))
    }
    if let name = epub2Meta("calibre:series"), !name.isEmpty {
      return Metadata.Series(name: name, position: epub2Meta("calibre:series_index"))
    }
    return nil
  }

  // MARK: - Lookups

  private func dublinCore(_ name: String) -> [MarkupElement] {
    elements.filter { $0.name == name && $0.namespace == PackageDocument.dcNamespace }
  }

  private func refinement(_ property: String, of element: MarkupElement) -> String? {
    guard let id = element.attribute("id") else { return nil }
    return refinements[id]?.first { $0.property == property }?.value
  }

  /// The most significant of a contributor's refined roles: a translator who also wrote
  /// the notes is shown as the translator ("trl" before "ann").
  private func principalRole(of element: MarkupElement) -> String? {
    guard let id = element.attribute("id") else { return nil }
    let roles = (refinements[id] ?? []).filter { $0.property == "role" }.map(\.value)
    let order = ["aut", "trl", "edt", "ill", "aui", "aft", "nrt"]
    return roles.min {
      (order.firstIndex(of: $0) ?? order.count) < (order.firstIndex(of: $1) ?? order.count)
    }
  }

  private func opfAttribute(_ name: String, of element: MarkupElement) -> String? {
    let value =
      element.attribute(localName: name, namespace: PackageDocument.opfNamespace)
      ?? element.attribute("opf:" + name)
    return value.map(collapsedWhitespace).flatMap { $0.isEmpty ? nil : $0 }
  }

  private func event(of date: MarkupElement) -> String? {
    opfAttribute("event", of: date)
  }

  private func epub2Meta(_ name: String) -> String? {
    elements.first { $0.name == "meta" && $0.attribute("name") == name }?
      .attribute("content").map(collapsedWhitespace)
  }

  private func text(_ element: MarkupElement) -> String {
    collapsedWhitespace(element.textContent)
  }
}
