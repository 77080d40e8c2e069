/// Reads the markup StarDict entries carry — HTML (`h`), Pango markup (`g`), XDXF (`x`),
/// KingSoft XML (`k`) — into a `DefinitionText`: emphasis kept as styles, links between
/// entries kept as links, everything else reduced to its text.
///
/// It never fails: it is not an XML parser, and dictionaries are often not well formed. A
/// `<` that starts no tag is text, unknown tags are dropped with their text kept, and
/// `<script>`, `<style>`, `<head>` and resource references are dropped whole. Entities
/// are decoded (the XML five, `&nbsp;` and the other common HTML ones, and numeric ones).
struct MarkupReader {
  /// The kind of markup, which decides what a line end means.
  enum Dialect {
    /// White space collapses, block elements and `<br>` break lines.
    case html
    /// Pango markup and XDXF: a line end in the text breaks the line, as StarDict shows it.
    case lineBased
  }

  let dialect: Dialect

  /// Appends `markup` to `builder`.
  func read(_ markup: String, into builder: inout DefinitionTextBuilder) {
    var scanner = MarkupScanner(markup)
    var state = State()
    while let token = scanner.next() {
      switch token {
      case .text(let text): appendText(text, &builder, &state)
      case .open(let name, let attributes, let selfClosing):
        open(name, attributes, &builder, &state)
        if selfClosing { close(name, &builder, &state) }
      case .close(let name): close(name, &builder, &state)
      }
    }
    builder.endLink()
  }

  // MARK: - State

  /// An element being read, with what to undo when it closes.
  private struct Element {
    var name: String
    var savedStyle: DefinitionText.Style
    var link = false
    var indent = 0
    var dropsText = false
    var closingText: String?
    var breaksLine = false
  }

  private struct State {
    var stack: [Element] = []
    var dropping = 0
    var indent = 0
  }

  private func appendText(
    _ text: String, _ builder: inout DefinitionTextBuilder, _ state: inout State
  ) {
    guard state.dropping == 0 else { return }
    guard dialect == .lineBased else {
      builder.append(text)
      return
    }
    // The first line continues the open paragraph; every line end starts a new one, and
    // an empty line between two line ends spaces it.
    let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
      Substring($0)
    }
    builder.append(String(lines[0]))
    var blank = false
    for (index, line) in lines.enumerated().dropFirst() {
      if line.allSatisfy(\.isWhitespace) && index < lines.count - 1 {
        blank = true
        continue
      }
      if blank { builder.blankLine() }
      blank = false
      builder.beginParagraph(indent: state.indent)
      builder.append(String(line))
    }
  }

  // MARK: - Elements

  private static let blockElements: Set<String> = [
    "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "tr", "table", "h1", "h2", "h3", "h4", "h5",
    "h6", "blockquote", "hr", "section", "article", "header", "footer", "def", "center", "pre",
  ]
  /// In line-based markup line ends break lines; only these elements do as well.
  private static let lineBasedBlockElements: Set<String> = ["blockquote", "def", "p", "div"]
  private static let indentingElements: Set<String> = ["blockquote", "ul", "ol", "dd", "def"]
  private static let droppedElements: Set<String> = [
    "script", "style", "head", "title", "rref", "object", "audio", "video", "svg",
  ]

  private func open(
    _ name: String, _ attributes: [String: String], _ builder: inout DefinitionTextBuilder,
    _ state: inout State
  ) {
    if name == "br" {
      builder.beginParagraph(indent: state.indent)
      return
    }
    if Self.voidElements.contains(name) { return }
    var element = Element(name: name, savedStyle: builder.style)
    if Self.droppedElements.contains(name) {
      element.dropsText = true
      state.dropping += 1
    }
    let blocks = dialect == .html ? Self.blockElements : Self.lineBasedBlockElements
    if blocks.contains(name) {
      element.breaksLine = true
      if Self.indentingElements.contains(name) {
        element.indent = 1
        state.indent += 1
      }
      builder.beginParagraph(indent: state.indent)
    }
    builder.style.formUnion(style(of: name, attributes))
    switch name {
    case "a":
      if let target = Self.entryLink(attributes["href"]) {
        builder.beginLink(target)
        element.link = true
      }
    case "kref":
      builder.beginLink(attributes["k"])
      element.link = true
    case "tr":
      if dialect == .lineBased {
        builder.append("[")
        element.closingText = "]"
      }
    default: break
    }
    state.stack.append(element)
  }

  private func close(_ name: String, _ builder: inout DefinitionTextBuilder, _ state: inout State) {
    guard let index = state.stack.lastIndex(where: { $0.name == name }) else { return }
    while state.stack.count > index {
      let element = state.stack.removeLast()
      if let closing = element.closingText { builder.append(closing) }
      if element.link { builder.endLink() }
      if element.dropsText { state.dropping -= 1 }
      state.indent -= element.indent
      builder.style = element.savedStyle
      if element.breaksLine { builder.beginParagraph(indent: state.indent) }
    }
  }

  private static let voidElements: Set<String> = [
    "img", "meta", "link", "input", "source", "wbr", "area", "base", "col", "embed", "param",
  ]

  private func style(of name: String, _ attributes: [String: String]) -> DefinitionText.Style {
    switch name {
    case "b", "strong", "h1", "h2", "h3", "h4", "h5", "h6", "dt": return .bold
    case "i", "em", "cite", "var", "dfn": return .italic
    case "sup": return .superscript
    case "sub": return .subscript
    case "small": return .note
    case "k": return [.bold, .headword]
    case "abr", "gr", "pos": return [.italic, .label]
    case "ex": return [.italic, .example]
    case "co": return .note
    case "tr": return dialect == .lineBased ? .pronunciation : []
    case "transcription": return .pronunciation
    case "span", "font":
      var style: DefinitionText.Style = []
      let weight = attributes["weight"] ?? attributes["font_weight"] ?? ""
      if ["bold", "heavy", "ultrabold", "700", "800", "900"].contains(weight) {
        style.insert(.bold)
      }
      let slant = attributes["style"] ?? attributes["font_style"] ?? ""
      if slant == "italic" || slant == "oblique" { style.insert(.italic) }
      if ["small", "smaller", "x-small"].contains(attributes["size"] ?? "") { style.insert(.note) }
      if let css = attributes["style"]?.lowercased() {
        if css.contains("font-weight:bold") || css.contains("font-weight: bold") {
          style.insert(.bold)
        }
        if css.contains("font-style:italic") || css.contains("font-style: italic") {
          style.insert(.italic)
        }
      }
      return style
    default: return []
    }
  }

  /// The headword an HTML link leads to: `bword://word` (StarDict's own links),
  /// `entry://word` (MDict's, kept by converters), or a bare relative word; nil for web
  /// addresses, anchors, resources and sounds.
  static func entryLink(_ href: String?) -> String? {
    guard var target = href?.trimmingWhitespace, !target.isEmpty else { return nil }
    for scheme in ["bword://", "entry://", "dict://"] where target.lowercased().hasPrefix(scheme) {
      target.removeFirst(scheme.count)
      return target.removingPercentEncodingIfAny
    }
    if target.contains(":") || target.hasPrefix("#") || target.hasPrefix("/") { return nil }
    let lowered = target.lowercased()
    for suffix in [".html", ".htm", ".png", ".jpg", ".gif", ".wav", ".mp3", ".ogg", ".css"]
    where lowered.hasSuffix(suffix) {
      return nil
    }
    return target.removingPercentEncodingIfAny
  }
}

extension String {
  /// Percent escapes decoded when they are valid UTF-8, else the string as it is.
  var removingPercentEncodingIfAny: String {
    guard contains("%") else { return self }
    var bytes: [UInt8] = []
    var iterator = utf8.makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self) ?? self
  }
}
