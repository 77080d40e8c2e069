extension XHTMLWalker {
  /// The most `<text>` elements of one SVG kept as text.
  static let maxSVGTexts = 2000

  /// Keeps the `<text>` (with its `<tspan>`s) of a fixed-layout page's SVG as the page's
  /// text: each a paragraph in a positioned box where the SVG draws it (its `x`, `y`,
  /// `font-size` and `text-anchor`, in the `viewBox`, taken as the whole page), in an
  /// invisible colour, so search finds it and a selection covers the words the picture
  /// shows. `pageWidth` scales the SVG's units to the page's CSS pixels.
  mutating func placeText(of svg: MarkupElement, pageWidth: Double) {
    guard let box = Self.viewBox(of: svg) else { return }
    let scale = pageWidth / box.width
    var count = 0
    for text in svg.descendants(where: { XHTMLElements.lowercased($0.name) == "text" }) {
      count += 1
      guard count <= Self.maxSVGTexts else { break }
      let words = XHTMLText.collapsed(text.textContent)
      guard !words.isEmpty else { continue }
      let x = Self.number(text.value(of: "x")) ?? 0
      let y = Self.number(text.value(of: "y")) ?? 0
      let size = max(1, Self.number(text.value(of: "font-size")) ?? 16)
      var paragraph = ParagraphStyle()
      paragraph.hyphenation = false
      let width: Double
      let left: Double
      switch text.value(of: "text-anchor") {
      case "middle":
        width = 2 * max(size, min(x - box.x, box.x + box.width - x))
        left = x - width / 2
        paragraph.alignment = .center
      case "end":
        width = max(size, x - box.x)
        left = x - width
        paragraph.alignment = .right
      default:
        width = max(size, box.x + box.width - x)
        left = x
        paragraph.alignment = .left
      }
      // The baseline is at y: the box starts an ascent (about 0.8 em) above it.
      paragraph.box = PositionedBox(
        id: -1 - count, left: .percent((left - box.x) / box.width * 100),
        top: .percent((y - 0.8 * size - box.y) / box.height * 100),
        width: .percent(width / box.width * 100))
      var invisible = style
      invisible.foreground = Color(red: 255, green: 255, blue: 255, alpha: 0)
      invisible.fontScale = size * scale / 16
      styles.append(invisible)
      openBlock(
        Block(
          style: paragraph, firstParagraph: paragraphCount, marginBottom: 0, marginTop: 0,
          pageBreakBefore: false))
      emit(words)
      closeBlock()
      styles.removeLast()
    }
  }

  /// An SVG's `viewBox`, else its `width` and `height` from the origin.
  static func viewBox(of svg: MarkupElement) -> (
    x: Double, y: Double, width: Double, height: Double
  )? {
    let numbers = (svg.value(of: "viewBox") ?? "").split { $0 == " " || $0 == "," }.compactMap {
      Double($0)
    }
    if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
      return (numbers[0], numbers[1], numbers[2], numbers[3])
    }
    if let width = number(svg.value(of: "width")), let height = number(svg.value(of: "height")),
      width > 0, height > 0
    {
      return (0, 0, width, height)
    }
    return nil
  }

  /// The first number of an attribute ("12", "12px", "10 20" → 10); nil when none.
  static func number(_ value: String?) -> Double? {
    guard let value else { return nil }
    let first = value.split { $0 == " " || $0 == "," }.first ?? ""
    let digits = first.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" }
    return Double(digits).flatMap { $0.isFinite ? $0 : nil }
  }
}
