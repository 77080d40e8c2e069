import Foundation
import QuireBook
import QuireTypesetting

/// Arbitrary styled text through the paginator: the input builds paragraphs (styles,
/// indents that may be negative, zero line heights, scripts mixed, attachments of any
/// size) and picks the page, font backend (terminal cells or real fonts) and breaking.
enum PaginateFuzz {
  /// Real fonts, loaded once: fontconfig and FreeType setup is far slower than one run.
  /// The fuzzer calls targets on one thread only, which is what makes this safe.
  nonisolated(unsafe) static let fonts = try? FontContext()

  static func run(_ bytes: [UInt8]) {
    var input = FuzzReader(bytes: bytes)
    let useFonts = input.bool()
    let hyphenation = input.bool()
    let firstFit = input.bool()
    let width = 1 + input.scaled(useFonts ? 8 : 1)
    let height = 1 + input.scaled(useFonts ? 8 : 0.5)
    let margin = input.scaled(useFonts ? 1 : 0.1)
    let fontSize = 4 + Double(bytes.count % 40)
    var text = StyledTextDecoder.styledText(&input)
    if ProcessInfo.processInfo.environment["QUIRE_FUZZ_AVOID_KNOWN"] != nil {
      // Known bug (Tests/Fixtures/fuzz/paginate/crash-d19434…): indents wider than the
      // text area trap in TextContainer.freeIntervals. Kept narrow here so the fuzzer can
      // look for other bugs until that one is fixed.
      // Indents are in ems of the paragraph's font (headings are larger than the body).
      let em = useFonts ? fontSize * 3 : 1
      let limit = max(0, (width - 2 * margin) / em / 3)
      for index in text.paragraphs.indices {
        text.paragraphs[index].value.leftIndent = min(
          text.paragraphs[index].value.leftIndent, limit)
        text.paragraphs[index].value.rightIndent = min(
          text.paragraphs[index].value.rightIndent, limit)
        text.paragraphs[index].value.firstLineIndent = min(
          text.paragraphs[index].value.firstLineIndent, limit)
      }
    }
    let paginator: Paginator
    if useFonts, let fonts {
      let container = TextContainer(
        width: width, height: height, margins: EdgeInsets(all: margin),
        exclusionPaths: [.ellipse(Rect(x: width / 2, y: height / 3, width: 40, height: 60))])
      let settings = LayoutSettings(
        fontSize: fontSize, hyphenation: hyphenation,
        lineBreaking: firstFit ? .firstFit : .totalFit, totalFitLimit: 2_000)
      paginator = Paginator(text: text, container: container, settings: settings, fonts: fonts)
    } else {
      paginator = Paginator.cells(
        text: text, columns: Int(width), rows: Int(height), hyphenation: hyphenation)
    }
    check(paginator.paginateAll(), length: text.length)
  }

  /// Pages tile the text in order, with no gap or overlap.
  static func check(_ pages: [Page], length: Int) {
    var end = 0
    for (index, page) in pages.enumerated() {
      precondition(page.index == index, "pages are numbered in order")
      precondition(page.range.lowerBound == end, "pages must tile the text")
      end = page.range.upperBound
    }
    precondition(end == length || (pages.isEmpty && length == 0), "pages must cover the text")
  }
}

/// Builds `StyledText` from fuzz bytes with `StyledTextBuilder`, as importers do.
enum StyledTextDecoder {
  /// Characters text is drawn from: Latin, spaces of every kind, soft and hard hyphens,
  /// CJK with kinsoku punctuation, Arabic, Thai, combining marks, emoji (surrogate
  /// pairs), tabs, a stray U+FFFC with no attachment, and control characters.
  static let alphabet: [String] = [
    "a", "e", "n", "t", "W", "x", "1", " ", " ", " ", "-", "\u{AD}", "\u{A0}", "\u{200B}",
    "中", "文", "。", "「", "」", "、", "（", "）", "\u{3000}", "ا", "ل", "ع", "ก", "ไ",
    "e\u{301}", "\u{301}", "😀", "👍🏽", "\t", "\u{FFFC}", "\u{1}", "ﬁ", "—", ".", ",",
    "\u{2028}", "ij", "W",
  ]

  static func styledText(_ input: inout FuzzReader) -> StyledText {
    var builder = StyledTextBuilder()
    var attributes = TextAttributes()
    while !input.isAtEnd {
      switch input.byte() % 8 {
      case 0:
        builder.beginParagraph(paragraphStyle(&input))
      case 1, 2, 3, 4:
        var text = ""
        for _ in 0..<Int(input.byte() % 64) { text += input.pick(alphabet) }
        builder.append(text, attributes)
      case 5:
        attributes.fontScale = input.scaled(1 / 32)  // 0 included
        attributes.weight = Int(input.byte()) * 4
        attributes.isItalic = input.bool()
        attributes.baselineShift = input.pick([.none, .superscript, .subscript])
        attributes.fontFamily = input.pick([.body, .serif, .sansSerif, .monospace])
        attributes.language = input.pick([nil, "en", "zh-Hans", "ja", "ar", "th", "xx"])
      case 6:
        let width = Int(input.byte()) << Int(input.byte() % 20)
        let height = Int(input.byte()) << Int(input.byte() % 20)
        let size = input.bool() ? Attachment.Size(width: width, height: height) : nil
        builder.appendAttachment(href: "i.png", intrinsicSize: size, attributes)
      default:
        builder.addAnchor("a\(input.byte())")
      }
    }
    return builder.build()
  }

  static func paragraphStyle(_ input: inout FuzzReader) -> ParagraphStyle {
    var style = ParagraphStyle()
    style.role = input.pick([
      .body, .heading(level: 1), .heading(level: 6), .blockquote, .listItem, .preformatted,
      .rule, .figure, .caption, .note, .verse,
    ])
    style.alignment = input.pick([.justified, .left, .right, .center])
    style.firstLineIndent = input.scaled(1 / 16) - 4  // negative too
    style.leftIndent = input.scaled(1 / 8)
    style.rightIndent = input.scaled(1 / 8)
    style.spacingBefore = input.scaled(1 / 16)
    style.spacingAfter = input.scaled(1 / 16)
    style.lineHeightMultiple = input.bool() ? input.scaled(1 / 64) : nil  // 0 included
    style.hyphenation = input.bool()
    style.keepWithNext = input.bool()
    style.pageBreakBefore = input.bool()
    style.language = input.pick([nil, "en-US", "de", "zh", "ja", "ar", "xx-invalid"])
    return style
  }
}
