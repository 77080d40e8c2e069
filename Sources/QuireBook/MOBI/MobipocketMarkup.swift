import Foundation

/// Old Mobipocket markup (MOBI 6) made into XHTML pages the EPUB path can read.
///
/// A MOBI 6 book is one HTML document whose chapters are separated by `<mbp:pagebreak/>`.
/// It is split there into pages (an element that holds a break is split around it, each
/// piece keeping the element). When a page is read (`document(of:pageOfID:)`), the
/// presentational attributes of Mobipocket HTML become CSS (`align` → `text-align`;
/// `height` on a block → space above, `width` → first-line indent; `<font size>` → a
/// relative size), and links to `#id` (libmobi's rebuilt `filepos` targets) lead to the
/// page that holds the id; opening the book rewrites nothing.
enum MobipocketMarkup {
  /// One page of the split document, as split: not yet rewritten.
  struct Page: Sendable {
    /// Its path in the book ("part00000.html", "part00000-2.html", …).
    var name: String
    /// The page's share of the document's `<body>`.
    var nodes: [MarkupNode]

    /// The UTF-16 length of the page's text (rewriting changes no text).
    var textLength: Int {
      nodes.reduce(0) { total, node in
        switch node {
        case .text(let text): total + MarkupElement.utf16Count(of: text)
        case .element(let element): total + element.textContentUTF16Count
        }
      }
    }
  }

  /// The pages of `html` (the markup part named `name`), and the page of each id.
  static func pages(of html: Data, named name: String, path: String, limits: ImportLimits) throws
    -> (pages: [Page], pageOfID: [String: String])
  {
    let root = try MarkupParser.parse(
      [UInt8](html), mode: .xhtmlRecovering, path: path, entry: name,
      maxDepth: limits.maxXMLDepth
    ).root
    let body = root.firstDescendant("body") ?? root
    var chunks = split(body.children)
    chunks.removeAll { chunk in
      chunk.allSatisfy { node in
        if case .text(let text) = node { return text.allSatisfy(\.isWhitespace) }
        return false
      }
    }
    if chunks.isEmpty { chunks = [[]] }
    let stem = name.hasSuffix(".html") ? String(name.dropLast(5)) : name
    var pageOfID: [String: String] = [:]
    let names = chunks.indices.map { $0 == 0 ? name : "\(stem)-\($0 + 1).html" }
    for (chunk, pageName) in zip(chunks, names) {
      for node in chunk {
        guard case .element(let element) = node else { continue }
        for found in element.descendants(where: {
          $0.value(of: "id") != nil || $0.value(of: "name") != nil
        }) {
          for id in [found.value(of: "id"), found.value(of: "name")].compactMap({ $0 })
          where pageOfID[id] == nil {
            pageOfID[id] = pageName
          }
        }
      }
    }
    let pages = zip(chunks, names).map { Page(name: $1, nodes: $0) }
    return (pages, pageOfID)
  }

  /// The XHTML document of `page`, its Mobipocket attributes made CSS and its links led
  /// to the pages of `pageOfID`.
  static func document(of page: Page, pageOfID: [String: String]) -> MarkupElement {
    var rewriter = Rewriter(page: page.name, pageOfID: pageOfID)
    let body = MarkupElement(name: "body", children: page.nodes.map { rewriter.rewritten($0) })
    return MarkupElement(
      name: "html", children: [.element(MarkupElement(name: "head")), .element(body)])
  }

  // MARK: - Splitting

  private static func isBreak(_ element: MarkupElement) -> Bool {
    element.name == "mbp:pagebreak" || element.name == "pagebreak"
  }

  /// `nodes` cut at every page break, at any depth.
  private static func split(_ nodes: [MarkupNode]) -> [[MarkupNode]] {
    var chunks: [[MarkupNode]] = [[]]
    for node in nodes {
      guard case .element(let element) = node else {
        chunks[chunks.count - 1].append(node)
        continue
      }
      if isBreak(element) {
        chunks.append([])
      } else if element.firstDescendant(where: isBreak) != nil {
        let pieces = split(element.children)
        for (index, piece) in pieces.enumerated() {
          if index > 0 { chunks.append([]) }
          var copy = element
          copy.children = piece
          chunks[chunks.count - 1].append(.element(copy))
        }
      } else {
        chunks[chunks.count - 1].append(node)
      }
    }
    return chunks
  }

  // MARK: - Rewriting

  /// Elements whose `align`, `height` and `width` are a block's.
  private static let blocks: Set<String> = [
    "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "td", "th", "li",
  ]

  /// Rewrites one page's nodes; the same attribute values recur on every paragraph, so
  /// each is converted once.
  private struct Rewriter {
    let page: String
    let pageOfID: [String: String]
    var lengths: [String: String?] = [:]
    var scales: [String: Double?] = [:]

    init(page: String, pageOfID: [String: String]) {
      self.page = page
      self.pageOfID = pageOfID
    }

    mutating func rewritten(_ node: MarkupNode) -> MarkupNode {
      guard case .element(var element) = node else { return node }
      var style: [String] = []
      if MobipocketMarkup.blocks.contains(element.name) {
        if let align = element.value(of: "align")?.lowercased(),
          ["left", "right", "center", "justify"].contains(align)
        {
          style.append("text-align: \(align)")
        }
        if let height = element.value(of: "height").flatMap({ length($0) }) {
          style.append("margin-top: \(height)")
        }
        if let width = element.value(of: "width").flatMap({ length($0) }) {
          style.append("text-indent: \(width)")
        }
      }
      if element.name == "font" {
        element.name = "span"
        if let size = element.value(of: "size").flatMap({ fontScale($0) }) {
          style.append("font-size: \(size)em")
        }
      }
      if element.name == "a", let href = element.value(of: "href"), href.hasPrefix("#") {
        let id = String(href.dropFirst())
        if let target = pageOfID[id], target != page {
          element.attributes = element.attributes.map { attribute in
            var attribute = attribute
            if attribute.localName == "href" { attribute.value = target + href }
            return attribute
          }
        }
      }
      if !style.isEmpty {
        let existing = element.value(of: "style").map { $0 + ";" } ?? ""
        element.attributes.removeAll { $0.localName == "style" }
        element.attributes.append(
          MarkupAttribute(
            localName: "style", prefix: nil, namespace: nil,
            value: existing + style.joined(separator: ";")))
      }
      element.children = element.children.map { rewritten($0) }
      return .element(element)
    }

    private mutating func length(_ value: String) -> String? {
      if let known = lengths[value] { return known }
      let converted = MobipocketMarkup.length(value)
      lengths[value] = converted
      return converted
    }

    private mutating func fontScale(_ value: String) -> Double? {
      if let known = scales[value] { return known }
      let converted = MobipocketMarkup.fontScale(value)
      scales[value] = converted
      return converted
    }
  }

  /// A Mobipocket length ("1em", "5pt", "2"): as CSS, or nil for zero or nonsense.
  private static func length(_ value: String) -> String? {
    let trimmed = value.trimmingCharacters(in: .whitespaces).lowercased()
    let number = Double(trimmed.prefix { "-.0123456789".contains($0) }) ?? 0
    guard number != 0, abs(number) < 100 else { return nil }
    let unit = trimmed.drop { "-.0123456789".contains($0) }
    switch unit {
    case "em", "pt", "px", "%": return "\(trimmed)"
    case "": return "\(number)em"
    default: return nil
    }
  }

  /// HTML's `<font size>` 1–7 (or ±n from 3) as a multiple of the body size.
  private static func fontScale(_ value: String) -> Double? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    let scales = [0.63, 0.82, 1, 1.13, 1.5, 2, 3]
    var size: Int?
    if trimmed.hasPrefix("+") || trimmed.hasPrefix("-") {
      size = Int(trimmed.dropFirst()).map { 3 + (trimmed.hasPrefix("+") ? $0 : -$0) }
    } else {
      size = Int(trimmed)
    }
    guard let size else { return nil }
    return scales[min(max(size, 1), 7) - 1]
  }
}
