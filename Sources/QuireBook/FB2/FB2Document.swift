/// A FictionBook 2 document as values: its description, bodies, binaries and stylesheets.
///
/// FictionBook 2.0 (the gribuser.ru schema, `FictionBook.xsd`) is one XML file: a
/// `<description>` (title-info, document-info, publish-info), one or more `<body>`s (the
/// main text first, then notes bodies such as `<body name="notes">`) and `<binary>`
/// elements holding base64 images. The binaries are taken out of the tree here, so the
/// bodies that chapters are made from stay small and images are decoded only when shown.
struct FB2Document: Sendable {
  /// The FictionBook 2.0 namespace.
  static let namespace = "http://www.gribuser.ru/xml/fictionbook/2.0"

  /// A `<binary>`: an image written into the file as base64.
  struct Binary: Sendable {
    /// The declared `content-type`, e.g. "image/jpeg".
    var contentType: String
    /// The base64 text as written (with its line breaks).
    var base64: String
  }

  /// `<description>`, or an empty element when the file has none.
  var description: MarkupElement
  /// Every `<body>`, in document order.
  var bodies: [MarkupElement]
  /// Binaries by id (the first of a repeated id wins).
  var binaries: [String: Binary]
  /// The CSS of `<stylesheet type="text/css">` elements, in order.
  var stylesheets: [String]

  /// Reads the parsed `<FictionBook>` element.
  init(root: MarkupElement) {
    description = root.firstChild("description") ?? MarkupElement(name: "description")
    bodies = root.children(named: "body")
    binaries = [:]
    for binary in root.children(named: "binary") {
      guard let id = binary.attribute("id"), !id.isEmpty, binaries[id] == nil else { continue }
      binaries[id] = Binary(
        contentType: binary.attribute("content-type") ?? "", base64: binary.textContent)
    }
    stylesheets = root.children(named: "stylesheet").compactMap { sheet in
      let type = sheet.attribute("type")?.lowercased() ?? "text/css"
      return type == "text/css" ? sheet.textContent : nil
    }
  }

  /// Whether a body holds notes or comments (`name="notes"`, `"comments"`, `"footnotes"`):
  /// it becomes a chapter out of the reading order whose sections open as footnotes.
  static func isNotesBody(_ body: MarkupElement) -> Bool {
    let name = body.attribute("name")?.lowercased() ?? ""
    return ["notes", "comments", "footnotes", "endnotes"].contains(name)
  }

  /// The `href` of an FB2 link or image (`l:href`, `xlink:href`, whatever the prefix).
  static func href(of element: MarkupElement) -> String? {
    element.attributes.first { $0.localName == "href" }?.value
  }
}
