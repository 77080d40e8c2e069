import Testing

@testable import QuireBook

/// `text-emphasis` and its longhands (with the -webkit- and -epub- prefixes) become the
/// marked text's `EmphasisMark`.
@Suite struct CSSEmphasisTests {
  private func mark(_ css: String) -> EmphasisMark? {
    let text = XHTMLTest.convert(
      #"<p>前<span class="e">強調</span>後</p>"#, css: ".e { \(css) }"
    ).text
    return XHTMLTest.attributes(of: "強調", in: text)?.emphasisMark
  }

  @Test func theShorthandTakesAShapeAFillAndAColour() {
    #expect(mark("text-emphasis: filled sesame")?.character == "\u{FE45}")
    #expect(mark("-epub-text-emphasis: open sesame")?.character == "\u{FE46}")
    let coloured = mark("-webkit-text-emphasis: double-circle #c00")
    #expect(coloured?.character == "◉")
    #expect(coloured?.color == Color(red: 0xCC, green: 0, blue: 0))
    #expect(mark("text-emphasis: none") == nil)
    #expect(mark("color: red") == nil)
  }

  @Test func everyShapeFilledAndOpen() {
    let expected: [(String, String, String)] = [
      ("dot", "•", "◦"), ("circle", "●", "○"), ("double-circle", "◉", "◎"),
      ("triangle", "▲", "△"), ("sesame", "﹅", "﹆"),
    ]
    for (shape, filled, open) in expected {
      #expect(mark("text-emphasis-style: filled \(shape)")?.character == filled, "\(shape)")
      #expect(mark("text-emphasis-style: open \(shape)")?.character == open, "\(shape)")
    }
    // A fill alone is a circle in horizontal text; a shape alone is filled.
    #expect(mark("text-emphasis-style: open")?.character == "○")
    #expect(mark("text-emphasis-style: triangle")?.character == "▲")
  }

  @Test func aStringMarkAndThePosition() {
    #expect(mark(#"text-emphasis-style: "*""#)?.character == "*")
    let under = mark("text-emphasis: filled dot; -webkit-text-emphasis-position: under right")
    #expect(under?.isUnder == true)
    #expect(mark("text-emphasis: filled dot; text-emphasis-color: blue")?.color?.blue == 255)
  }
}
