import Foundation

/// Rewrites an FB2 chapter as the XHTML that `XHTMLConverter` walks, so FB2 gets the same
/// cascade, paragraphs, links, note references and images as EPUB.
///
/// `section` → `div`, `title` → `h1`…`h6` (its paragraphs as lines), `subtitle`,
/// `epigraph`, `cite`, `text-author`, `annotation` → classed blocks; `poem`/`stanza`/`v`
/// → a `z3998:poem` block of line paragraphs (verse: never justified); `empty-line` → a
/// blank line; `emphasis`, `strong`, `strikethrough`, `sub`, `sup`, `code`, `style` →
/// their HTML; `image` → `img` on the binary's resource path (a block of its own outside a
/// paragraph); `a type="note"` → an `epub:type="noteref"` link into the notes chapter.
/// The look is `FB2Stylesheet` plus the book's own `<stylesheet>`s.
struct FB2Markup {
  /// The chapter path of the chapter holding each id ("#n1" → "notes-1.xhtml#n1").
  let chapterHrefOfID: [String: String]
  /// The stylesheets, built-in first.
  let stylesheets: [String]

  /// The XHTML document of `part`.
  func document(for part: FB2Outline.Part) -> MarkupElement {
    var body: [MarkupNode]
    switch part.kind {
    case .lead, .section:
      body = blocks(of: part.element, level: part.level)
    case .notes:
      body = notes(part.element)
    }
    if part.kind == .section, let id = part.element.attribute("id") {
      body = [.element(Self.element("div", ["id": id, "class": "section"], body))]
    }
    let head = Self.element(
      "head", [:],
      stylesheets.map { .element(Self.element("style", ["type": "text/css"], [.text($0)])) })
    return Self.element("html", [:], [.element(head), .element(Self.element("body", [:], body))])
  }

  // MARK: - Blocks

  /// The children of a body or section as XHTML blocks; `level` is its title's level.
  private func blocks(of element: MarkupElement, level: Int) -> [MarkupNode] {
    var nodes: [MarkupNode] = []
    for child in element.elements {
      nodes += block(child, level: level)
    }
    return nodes
  }

  /// One FB2 block element as XHTML.
  private func block(_ element: MarkupElement, level: Int) -> [MarkupNode] {
    let id = element.attribute("id")
    switch element.name {
    case "title":
      return [.element(heading(element, level: level))]
    case "section":
      var attributes = ["class": "section"]
      attributes["id"] = id
      return [
        .element(
          Self.element("div", attributes, blocks(of: element, level: level + 1)))
      ]
    case "p":
      return [.element(paragraph(element, name: "p", className: nil))]
    case "subtitle":
      return [.element(paragraph(element, name: "p", className: "subtitle"))]
    case "text-author":
      return [.element(paragraph(element, name: "p", className: "text-author"))]
    case "date":
      return [.element(paragraph(element, name: "p", className: "date"))]
    case "v":
      return [.element(paragraph(element, name: "p", className: "v"))]
    case "empty-line":
      return [.element(Self.element("div", ["class": "empty-line"], []))]
    case "image":
      return [.element(Self.element("div", ["class": "image"], [.element(image(element))]))]
    case "epigraph", "cite", "annotation", "stanza":
      return [.element(container(element, className: element.name, level: level))]
    case "poem":
      var poem = container(element, className: "poem", level: level)
      poem.attributes.append(Self.epubType("z3998:poem"))
      return [.element(poem)]
    case "table":
      return [.element(table(element))]
    default:
      // Anything else (a misplaced inline, an unknown element): its content as a paragraph
      // when it has text, its blocks otherwise.
      if element.elements.isEmpty
        || element.elements.allSatisfy({ Self.inlineNames.contains($0.name) })
      {
        return [.element(paragraph(element, name: "p", className: nil))]
      }
      return element.elements.flatMap { block($0, level: level) }
    }
  }

  /// A classed `div` around the converted children (epigraph, cite, poem, stanza).
  private func container(_ element: MarkupElement, className: String, level: Int) -> MarkupElement {
    var attributes = ["class": className]
    attributes["id"] = element.attribute("id")
    let children = element.elements.flatMap { child -> [MarkupNode] in
      // A poem's or a cite's own title is a line in bold, not a heading of the book.
      if child.name == "title" {
        return child.children(named: "p").map {
          .element(paragraph($0, name: "p", className: "\(className)-title"))
        }
      }
      return block(child, level: level)
    }
    return Self.element("div", attributes, children)
  }

  /// `<title>` as a heading whose paragraphs are lines.
  private func heading(_ title: MarkupElement, level: Int) -> MarkupElement {
    var children: [MarkupNode] = []
    for line in title.elements {
      if !children.isEmpty { children.append(.element(Self.element("br", [:], []))) }
      if line.name == "p" { children += inline(line.children) }
    }
    var attributes = ["class": "title"]
    attributes["id"] = title.attribute("id")
    return Self.element("h\(min(max(level, 1), 6))", attributes, children)
  }

  private func paragraph(_ element: MarkupElement, name: String, className: String?)
    -> MarkupElement
  {
    var attributes: [String: String] = [:]
    attributes["class"] = className
    attributes["id"] = element.attribute("id")
    var result = Self.element(name, attributes, inline(element.children))
    if let language = element.attribute("xml:lang") ?? element.attribute("lang") {
      result.attributes.append(
        MarkupAttribute(localName: "lang", prefix: nil, namespace: nil, value: language))
    }
    return result
  }

  private func table(_ element: MarkupElement) -> MarkupElement {
    let rows = element.children(named: "tr").map { row in
      MarkupNode.element(
        Self.element(
          "tr", [:],
          row.elements.filter { $0.name == "td" || $0.name == "th" }.map {
            .element(Self.element($0.name, [:], inline($0.children)))
          }))
    }
    return Self.element("table", [:], rows)
  }

  /// A notes body: its title as a heading, each section an `aside` footnote.
  private func notes(_ body: MarkupElement) -> [MarkupNode] {
    var nodes: [MarkupNode] = []
    for child in body.elements {
      switch child.name {
      case "title":
        nodes.append(.element(heading(child, level: 1)))
      case "section":
        var content: [MarkupNode] = []
        for part in child.elements {
          if part.name == "title" {
            content += part.children(named: "p").map {
              .element(paragraph($0, name: "p", className: "note-title"))
            }
          } else {
            content += block(part, level: 2)
          }
        }
        var attributes = ["class": "note"]
        attributes["id"] = child.attribute("id")
        var aside = Self.element("aside", attributes, content)
        aside.attributes.append(Self.epubType("footnote"))
        nodes.append(.element(aside))
      default:
        nodes += block(child, level: 2)
      }
    }
    return nodes
  }

  // MARK: - Inline

  static let inlineNames: Set<String> = [
    "emphasis", "strong", "strikethrough", "sub", "sup", "code", "style", "a", "image",
  ]

  private func inline(_ nodes: [MarkupNode]) -> [MarkupNode] {
    nodes.flatMap { node -> [MarkupNode] in
      switch node {
      case .text: return [node]
      case .element(let element): return [.element(inline(element))]
      }
    }
  }

  private func inline(_ element: MarkupElement) -> MarkupElement {
    switch element.name {
    case "emphasis": return Self.element("em", [:], inline(element.children))
    case "strong": return Self.element("strong", [:], inline(element.children))
    case "strikethrough": return Self.element("s", [:], inline(element.children))
    case "sub", "sup", "code": return Self.element(element.name, [:], inline(element.children))
    case "image": return image(element)
    case "a": return link(element)
    default: return Self.element("span", [:], inline(element.children))
    }
  }

  private func link(_ element: MarkupElement) -> MarkupElement {
    let children = inline(element.children)
    guard let href = FB2Document.href(of: element) else {
      return Self.element("span", [:], children)
    }
    var target = href
    if let id = FB2Document.localTarget(href) {
      guard let chapter = chapterHrefOfID[id] else { return Self.element("span", [:], children) }
      target = chapter + "#" + id
    }
    var result = Self.element("a", ["href": target], children)
    if element.attribute("type")?.lowercased() == "note" {
      result.attributes.append(Self.epubType("noteref"))
    }
    return result
  }

  private func image(_ element: MarkupElement) -> MarkupElement {
    var attributes: [String: String] = [:]
    if let href = FB2Document.href(of: element), let id = FB2Document.localTarget(href) {
      attributes["src"] = FB2Document.binaryPath(Self.escaped(id))
    }
    attributes["alt"] = element.attribute("alt") ?? element.attribute("title")
    attributes["id"] = element.attribute("id")
    return Self.element("img", attributes, [])
  }

  // MARK: - Building

  private static func element(
    _ name: String, _ attributes: [String: String], _ children: [MarkupNode]
  ) -> MarkupElement {
    MarkupElement(
      name: name,
      attributes: attributes.sorted { $0.key < $1.key }.map {
        MarkupAttribute(localName: $0.key, prefix: nil, namespace: nil, value: $0.value)
      },
      children: children)
  }

  private static func epubType(_ value: String) -> MarkupAttribute {
    MarkupAttribute(
      localName: "type", prefix: "epub", namespace: "http://www.idpf.org/2007/ops", value: value)
  }

  /// An id written into a path: percent-escaped where a path would read it otherwise.
  static func escaped(_ id: String) -> String {
    id.addingPercentEncoding(
      withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? id
  }
}
