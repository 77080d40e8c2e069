import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// Reference renders of typesetting cases (`Golden/typesetting-*.png`): hyphenated German
/// and French, a `<pre>` block, a URL in a narrow column. Fonts pinned to Debian's
/// EB Garamond and DejaVu Sans Mono.
@Suite struct TypesettingGoldenTests {
  /// A page of one paragraph in `style`, `attributes`, `width` pixels wide.
  private func render(
    _ text: String, style: ParagraphStyle = ParagraphStyle(),
    attributes: TextAttributes = TextAttributes(), width: Double, height: Double,
    settings: LayoutSettings = LayoutSettings(fontSize: 15)
  ) throws -> (image: RGBAImage, page: Page) {
    var builder = StyledTextBuilder()
    builder.beginParagraph(style)
    builder.append(text, attributes)
    builder.endParagraph()
    let styled = builder.build()
    let fonts = try FontContext()
    let container = TextContainer(width: width, height: height, margins: EdgeInsets(all: 16))
    let page = try #require(
      Paginator(text: styled, container: container, settings: settings, fonts: fonts).page(at: 0))
    let unpinned = SamplePage.unpinnedFonts(in: page)
    try #require(
      unpinned.isEmpty,
      "golden pages need the pinned Debian fonts (fonts-ebgaramond, fonts-dejavu-core); got \(unpinned)"
    )
    let renderer = try PageRenderer(resources: { _ in throw RenderingError.missing }, fonts: fonts)
    return (renderer.render(page, text: styled).image, page)
  }

  private enum RenderingError: Error { case missing }

  @Test func germanParagraphHyphenatedWithGermanPatterns() throws {
    var style = ParagraphStyle()
    style.language = "de"
    style.firstLineIndent = 1.5
    let (image, page) = try render(
      "Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem "
        + "Bett zu einem ungeheueren Ungeziefer verwandelt. Er lag auf seinem panzerartig "
        + "harten Rücken und sah, wenn er den Kopf ein wenig hob, seinen gewölbten, braunen, "
        + "von bogenförmigen Versteifungen geteilten Bauch, auf dessen Höhe sich die "
        + "Bettdecke, zum gänzlichen Niedergleiten bereit, kaum noch erhalten konnte.",
      style: style, width: 300, height: 330)
    #expect(page.lines.filter(\.isHyphenated).count >= 2)
    try GoldenImage.check(image, named: "typesetting-german")
  }

  @Test func frenchParagraphHyphenatedWithFrenchPatterns() throws {
    var style = ParagraphStyle()
    style.language = "fr"
    style.firstLineIndent = 1.5
    let (image, page) = try render(
      "Longtemps, je me suis couché de bonne heure. Parfois, à peine ma bougie éteinte, mes "
        + "yeux se fermaient si vite que je n’avais pas le temps de me dire : « Je m’endors. » "
        + "Et, une demi-heure après, la pensée qu’il était temps de chercher le sommeil "
        + "m’éveillait ; je voulais poser le volume que je croyais avoir encore dans les "
        + "mains et souffler ma lumière ; je n’avais pas cessé en dormant de faire des "
        + "réflexions sur ce que je venais de lire.",
      style: style, width: 300, height: 360)
    #expect(page.lines.filter(\.isHyphenated).count >= 1)
    try GoldenImage.check(image, named: "typesetting-french")
  }

  @Test func preformattedBlockKeepsItsLinesAndWrapsWithAHangingIndent() throws {
    var style = ParagraphStyle()
    style.role = .preformatted
    style.preservesWhitespace = true
    var mono = TextAttributes()
    // Pinned: the generic monospace face is whichever the machine prefers.
    mono.fontFamily = .named("DejaVu Sans Mono, monospace")
    mono.fontScale = 0.85
    let code = [
      "<section id=\"c01\">",
      "    <h1 id=\"c01h01\">Chapter 1. Loomings.</h1>",
      "",
      "    <p>",
      "\t<span id=\"c01w00001\">Call</span> <span id=\"c01w00002\">me</span> <span>Ishmael.</span>",
      "    </p>",
      "</section>",
    ]
    let (image, page) = try render(
      code.joined(separator: "\u{2028}"), style: style, attributes: mono, width: 360,
      height: 220)
    #expect(page.lines.allSatisfy { !$0.isJustified && !$0.isHyphenated })
    #expect(page.lines.count > code.count)  // the long line wraps
    try GoldenImage.check(image, named: "typesetting-pre")
  }

  /// A poem's lines, `<br/>`-separated in one paragraph as Standard Ebooks mark them up,
  /// in a column too narrow for the long ones: never justified nor hyphenated, a line too
  /// long wraps ragged under a two-em hanging indent.
  @Test func verseIsRaggedAndWrapsWithAHangingIndent() throws {
    var style = ParagraphStyle()
    style.role = .verse
    style.alignment = .justified
    let poem = [
      "Tiger Tiger, burning bright,",
      "In the forests of the night;",
      "What immortal hand or eye, could frame thy fearful symmetry, in what distant deeps or skies?",
      "Burnt the fire of thine eyes?",
      "On what wings dare he aspire? What the hand, dare seize the fire?",
    ]
    let (image, page) = try render(
      poem.joined(separator: "\u{2028}"), style: style, width: 280, height: 330)
    #expect(page.lines.allSatisfy { !$0.isJustified && !$0.isHyphenated })
    #expect(page.lines.count > poem.count, "the long lines wrap")
    // Each verse line starts at the margin; its wrapped continuation two ems in.
    let starts = page.lines.map { line in
      line.runs.compactMap { $0.positions.first?.x }.min() ?? 0
    }
    let margin = starts.min() ?? 0
    let em: Float = 15
    let indented = starts.filter { abs($0 - margin - 2 * em) < 1 }.count
    #expect(indented == page.lines.count - poem.count, "\(starts)")
    try GoldenImage.check(image, named: "typesetting-verse")
  }

  @Test func urlInANarrowColumnBreaksAfterItsMarks() throws {
    let (image, page) = try render(
      "This eBook is for the use of anyone anywhere at no cost and with almost no "
        + "restrictions whatsoever. You may copy it, give it away or re-use it under the "
        + "terms of the Project Gutenberg License included with this eBook or online at "
        + "https://www.gutenberg.org/ebooks/2600?format=epub&images=yes before you read it.",
      width: 200, height: 420)
    #expect(
      page.lines.allSatisfy { line in
        line.runs.flatMap(\.positions).allSatisfy { Double($0.x) < 200 - 16 }
      })
    try GoldenImage.check(image, named: "typesetting-url-narrow")
  }
}
