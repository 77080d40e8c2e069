import Foundation

extension FB2Document {
  /// The book's metadata from `title-info`, with `publish-info` and `document-info`
  /// filling what it lacks: title, authors and translators, language, genres and keywords,
  /// annotation, series (`sequence`), date, publisher, ISBN or id, and the cover
  /// (`coverpage`'s image, as the binary's resource path).
  func metadata() -> Metadata {
    let info = description.firstChild("title-info") ?? MarkupElement(name: "title-info")
    let publish = description.firstChild("publish-info")
    let document = description.firstChild("document-info")
    var metadata = Metadata(title: Self.text(of: info.firstChild("book-title")) ?? "")
    metadata.creators =
      info.children(named: "author").compactMap { Self.person($0, role: "aut") }
      + info.children(named: "translator").compactMap { Self.person($0, role: "trl") }
    metadata.language = Self.text(of: info.firstChild("lang"))
    metadata.subjects =
      info.children(named: "genre").compactMap { Self.text(of: $0) }
      + (Self.text(of: info.firstChild("keywords")).map {
        $0.split(separator: ",").map { collapsedWhitespace(String($0)) }.filter { !$0.isEmpty }
      } ?? [])
    if let annotation = info.firstChild("annotation") {
      let paragraphs = annotation.elements.map { collapsedWhitespace($0.textContent) }
      let joined = paragraphs.filter { !$0.isEmpty }.joined(separator: "\n")
      if !joined.isEmpty { metadata.description = joined }
    }
    if let sequence = info.firstChild("sequence") ?? publish?.firstChild("sequence"),
      let name = sequence.attribute("name").map(collapsedWhitespace), !name.isEmpty
    {
      metadata.series = Metadata.Series(
        name: name, position: sequence.attribute("number").flatMap { $0.isEmpty ? nil : $0 })
    }
    metadata.date =
      info.firstChild("date").flatMap { $0.attribute("value") ?? Self.text(of: $0) }
      ?? Self.text(of: publish?.firstChild("year"))
    metadata.publisher = Self.text(of: publish?.firstChild("publisher"))
    metadata.identifier =
      Self.text(of: publish?.firstChild("isbn")).map { "isbn:\($0)" }
      ?? Self.text(of: document?.firstChild("id"))
    if let image = info.firstChild("coverpage")?.firstChild("image"),
      let href = Self.href(of: image), let id = Self.localTarget(href), binaries[id] != nil
    {
      metadata.coverHref = Self.binaryPath(id)
    }
    return metadata
  }

  /// A person's display name: first, middle and last names, else the nickname.
  private static func person(_ element: MarkupElement, role: String) -> Metadata.Contributor? {
    let parts = ["first-name", "middle-name", "last-name"].compactMap {
      text(of: element.firstChild($0))
    }
    let name =
      parts.isEmpty ? text(of: element.firstChild("nickname")) : parts.joined(separator: " ")
    guard let name else { return nil }
    let last = text(of: element.firstChild("last-name"))
    let first = text(of: element.firstChild("first-name"))
    let fileAs = last.map { last in first.map { "\(last), \($0)" } ?? last }
    return Metadata.Contributor(name: name, role: role, fileAs: fileAs)
  }

  /// The element's text with whitespace collapsed, or nil when it has none.
  static func text(of element: MarkupElement?) -> String? {
    guard let element else { return nil }
    let text = collapsedWhitespace(element.textContent)
    return text.isEmpty ? nil : text
  }

  /// The id a link inside the document points at ("#cover.jpg" → "cover.jpg"); nil for a
  /// link that leaves the file.
  static func localTarget(_ href: String) -> String? {
    let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.hasPrefix("#"), trimmed.count > 1 else { return nil }
    return String(trimmed.dropFirst())
  }

  /// The resource path under which binary `id` is served (`Book.resource(at:)`).
  static func binaryPath(_ id: String) -> String { "binary/" + id }
}
