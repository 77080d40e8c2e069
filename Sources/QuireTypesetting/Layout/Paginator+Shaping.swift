/// A text paragraph shaped for the page, with how its lines are to be broken and spaced.
struct ShapedText {
  var paragraph: Paragraph
  var shaped: ShapedParagraph
  /// The paragraph's own line-height multiple (1 on a terminal, whose lines are a cell).
  var styleMultiple: Double
  /// The height of a line of the paragraph's largest size.
  var lineHeight: Double
  /// Kept lines (`<pre>`), which wrap only where a line is too long.
  var kept: Bool
  /// Broken first-fit: kept lines, a first-fit setting, or too many items for Knuth–Plass.
  var greedy: Bool
}

extension Paginator {
  /// Analyses and shapes a text paragraph (`analyze → prepare`), then gives it what the
  /// page adds: upright letters in vertical text, ruby, emphasis marks, and vertical
  /// text's combined runs.
  func shapeText(_ paragraph: Paragraph) -> ShapedText {
    let style = paragraph.style
    let em = settings.fontSize
    let analyzed = analyze(
      paragraph, units: units, faces: faces, source: source, coverage: &coverage)
    // A terminal's lines are one cell apart, whatever line height the book asks for.
    let styleMultiple = source.usesWholeUnits ? 1 : style.lineHeightMultiple ?? 1
    // A dictionary is looked up (and loaded, the first time) only for a paragraph that
    // may be hyphenated: a HUD label or a book set without hyphens never loads one.
    let hyphenates = settings.hyphenation && style.hyphenation && source.allowsHyphenation
    var options = PrepareOptions(
      fontSize: em, hyphenator: hyphenates ? hyphenator(for: paragraph.hyphenationLanguage) : nil,
      hyphenate: settings.hyphenation, compressesPunctuation: settings.compressesPunctuation)
    if hyphenates { options.hyphenatorForLanguage = { self.hyphenator(for: $0) } }
    if !attachments.isEmpty {
      options.attachments = attachments
      options.lineHeight = em * settings.lineHeight * styleMultiple
      let area = container.contentRect
      options.area = (area.width - (style.leftIndent + style.rightIndent) * em, area.height * 0.9)
    }
    var shaped = prepare(analyzed, units: units, source: source, options: options)
    vertical?.standUpright(&shaped, units: units, source: source)
    if !text.rubies.isEmpty {
      let rubies = text.rubies(in: paragraph.range)
      if !rubies.isEmpty {
        annotate(
          &shaped, rubies: rubies, units: units, source: source,
          terminalRuby: settings.terminalRuby, upright: vertical != nil)
      }
    }
    if paragraph.runs.contains(where: { $0.value.emphasisMark != nil }) {
      emphasize(&shaped, units: units, source: source, upright: vertical != nil)
    }
    vertical?.combine(&shaped)
    // Kept lines (`<pre>`) and verse wrap only where a line is too long, as far along as
    // it fits.
    let kept = style.preservesWhitespace || style.role == .verse
    return ShapedText(
      paragraph: paragraph, shaped: shaped, styleMultiple: styleMultiple,
      // Lines of the paragraph's largest size; a line of other sizes gets its own height.
      lineHeight: shaped.largestSize * settings.lineHeight * styleMultiple, kept: kept,
      greedy: kept || settings.lineBreaking == .firstFit
        || shaped.items.count > settings.totalFitLimit)
  }
}
