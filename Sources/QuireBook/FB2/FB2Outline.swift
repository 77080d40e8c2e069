/// How an FB2's bodies become chapters and a table of contents.
///
/// A body's title and epigraphs before its first section make a chapter of their own; each
/// of the body's sections is a chapter, except that one holding sections (a part of a
/// novel) gives its own title and epigraphs a chapter and its sections a chapter each,
/// nested under it in the contents. Deeper sections stay inside their chapter and are
/// reached by fragment (sections without an `id` are given one). A notes body is one
/// chapter out of the reading order, its sections the notes that note references open.
struct FB2Outline: Sendable {
  /// What one chapter shows.
  struct Part: Sendable {
    enum Kind: Sendable {
      /// The element's children before its first `<section>`: a body's or a part's title,
      /// epigraphs, images and annotation.
      case lead
      /// The whole section, subsections included.
      case section
      /// A notes body: each section a footnote.
      case notes
    }

    var element: MarkupElement
    var kind: Kind
    /// Heading level of the element's own `<title>` (1 for a body's).
    var level: Int
    var title: String
  }

  /// Levels of sections split into chapters of their own: a body's parts, whose sections
  /// are the chapters (body → part → chapter).
  static let maxSplitDepth = 2

  private(set) var parts: [Part] = []
  private(set) var toc: [TOCEntry] = []
  /// The chapter each `id` of the document is in.
  private(set) var chapterOfID: [String: Int] = [:]
  private var generatedIDs = 0

  /// Lays out the chapters of `document`; `bookTitle` names an untitled body's lead.
  init(document: FB2Document, bookTitle: String) {
    for body in document.bodies {
      if FB2Document.isNotesBody(body) {
        addNotes(body)
      } else {
        addBody(body, bookTitle: bookTitle)
      }
    }
  }

  private mutating func addBody(_ body: MarkupElement, bookTitle: String) {
    let title = Self.titleText(of: body)
    if let index = addLead(of: body, level: 1, title: title ?? bookTitle) {
      toc.append(TOCEntry(title: title ?? bookTitle, chapterIndex: index))
    }
    for section in body.children(named: "section") {
      toc += addSection(section, depth: 1)
    }
  }

  private mutating func addNotes(_ body: MarkupElement) {
    let title = Self.titleText(of: body) ?? "Notes"
    let index = parts.count
    parts.append(Part(element: body, kind: .notes, level: 1, title: title))
    register(body, chapter: index)
    toc.append(TOCEntry(title: title, chapterIndex: index))
  }

  /// The chapter for the children of `element` before its first section, when they show
  /// anything; its index.
  private mutating func addLead(of element: MarkupElement, level: Int, title: String) -> Int? {
    var lead = element
    lead.children = element.children.prefix { node in
      if case .element(let child) = node { return child.name != "section" }
      return true
    }
    guard lead.elements.contains(where: { $0.name != "section" }) else { return nil }
    let index = parts.count
    parts.append(Part(element: lead, kind: .lead, level: level, title: title))
    register(lead, chapter: index)
    return index
  }

  /// The contents entries of `section` (at nesting `depth`, 1 for a body's sections),
  /// adding its chapters.
  private mutating func addSection(_ section: MarkupElement, depth: Int) -> [TOCEntry] {
    let title = Self.titleText(of: section)
    let subsections = section.children(named: "section")
    if !subsections.isEmpty && depth < Self.maxSplitDepth {
      let lead = addLead(of: section, level: depth + 1, title: title ?? "")
      if let id = section.attribute("id"), let lead { chapterOfID[id] = lead }
      let children = subsections.flatMap { addSection($0, depth: depth + 1) }
      guard let title else { return children }
      let target = lead ?? children.first?.chapterIndex ?? parts.count - 1
      return [TOCEntry(title: title, chapterIndex: target, children: children)]
    }
    var element = section
    let index = parts.count
    let nested = withSectionIDs(&element, chapter: index)
    parts.append(
      Part(
        element: element, kind: .section, level: depth + 1,
        title: title ?? Self.firstWords(of: section)))
    register(element, chapter: index)
    guard let title else { return nested }
    return [TOCEntry(title: title, chapterIndex: index, children: nested)]
  }

  /// Gives every section below `element` an `id` when it has none and returns the
  /// contents entries of the titled ones, pointing into chapter `chapter` by fragment.
  private mutating func withSectionIDs(_ element: inout MarkupElement, chapter: Int) -> [TOCEntry] {
    var entries: [TOCEntry] = []
    for index in element.children.indices {
      guard case .element(var child) = element.children[index], child.name == "section" else {
        continue
      }
      var id = child.attribute("id") ?? ""
      if id.isEmpty {
        generatedIDs += 1
        id = "quire-section-\(generatedIDs)"
        child.attributes.append(
          MarkupAttribute(localName: "id", prefix: nil, namespace: nil, value: id))
      }
      let children = withSectionIDs(&child, chapter: chapter)
      element.children[index] = .element(child)
      if let title = Self.titleText(of: child) {
        entries.append(
          TOCEntry(title: title, chapterIndex: chapter, fragment: id, children: children))
      } else {
        entries += children
      }
    }
    return entries
  }

  /// Records the chapter of every `id` in `element`.
  private mutating func register(_ element: MarkupElement, chapter: Int) {
    for found in element.descendants(where: { $0.attribute("id") != nil }) {
      if let id = found.attribute("id"), chapterOfID[id] == nil { chapterOfID[id] = chapter }
    }
  }

  /// The text of an element's `<title>`, its paragraphs joined by spaces.
  static func titleText(of element: MarkupElement) -> String? {
    guard let title = element.firstChild("title") else { return nil }
    let lines = title.children(named: "p").compactMap { FB2Document.text(of: $0) }
    let text = lines.isEmpty ? FB2Document.text(of: title) : lines.joined(separator: " ")
    return text.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The first words of an untitled section, to name its chapter.
  static func firstWords(of element: MarkupElement) -> String {
    let text = collapsedWhitespace(String(element.textContent.prefix(200)))
    guard text.count > 40 else { return text }
    let cut = text.prefix(40)
    return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
  }
}
