import Testing

@testable import QuireBook

/// Text a book hides from the page (for screen readers) stays off it, as `display: none`
/// does; `text-transform` changes what is drawn, never the stored letters.
@Suite struct XHTMLConverterHiddenTextTests {
  @Test func textMovedOrClippedOutOfSightIsNotShown() {
    let css = """
      .off { position: absolute; left: -999em }
      .far { position: fixed; top: -10000px }
      .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0) }
      .inset { clip-path: inset(50%) }
      .dot { clip-path: circle(0) }
      .zero { font-size: 0 }
      .zero b { font-size: 1rem }
      .near { position: absolute; left: -2em }
      .moved { position: relative; left: 0 }
      .open { clip-path: inset(10%) }
      """
    let text = XHTMLTest.convert(
      """
      <h1 class="off">Off to the left</h1><h2 class="far">Far above</h2>
      <p class="sr">Clipped</p><p class="inset">Inset</p><p class="dot">Dot</p>
      <p class="zero">Zero <i>size</i> <b>but this shows</b></p>
      <p hidden="">Hidden attribute</p>
      <p class="near">Near</p><p class="moved">Moved</p><p class="open">Open</p>
      """, css: css
    ).text
    #expect(XHTMLTest.paragraphs(text) == ["but this shows", "Near", "Moved", "Open"])
  }

  @Test func aNoteMovedOutOfSightIsKeptForItsPopUp() {
    let text = XHTMLTest.convert(
      #"<p>Text.</p><aside epub:type="footnote" id="n1" class="off"><p>The note.</p></aside>"#,
      css: ".off { position: absolute; left: -9999px }"
    ).text
    #expect(XHTMLTest.paragraphs(text) == ["Text.", "The note."])
  }

  @Test func textTransformChangesTheDrawnLettersOnly() {
    let css = """
      .up { text-transform: uppercase }
      .cap { text-transform: capitalize }
      .low { text-transform: lowercase }
      """
    let text = XHTMLTest.convert(
      """
      <h2 class="up">Loomings, straße</h2><p class="cap">the “old” man's dog</p>
      <p class="low">QUIET <span class="up">now</span></p>
      """, css: css
    ).text
    #expect(text.string == "Loomings, straße\nthe “old” man's dog\nQUIET now\n")
    let drawn = String(decoding: text.displayUnits, as: UTF16.self)
    // "ß" has no one-letter capital: it is drawn as it is, and every offset still agrees.
    #expect(drawn == "LOOMINGS, STRAßE\nThe “Old” Man's Dog\nquiet NOW\n")
    #expect(text.displayUnits.count == text.length)
  }

  /// C0 controls other than tab and newline cannot be in XML at all; C1 ones can.
  @Test func aControlCharacterInPreformattedTextParts() {
    let text = XHTMLTest.convert("<pre>FAIRY STORIES\u{97}MODERN\u{80}TALES\tX</pre>").text
    #expect(XHTMLTest.paragraphs(text) == ["FAIRY STORIES MODERN TALES\tX"])
  }

  @Test func aDefinitionTermKeepsWithItsDefinition() throws {
    let text = XHTMLTest.convert(
      "<dl><dt>quire</dt><dd>Four sheets folded to make eight leaves.</dd></dl>"
    ).text
    #expect(XHTMLTest.paragraphStyle(of: "quire", in: text)?.keepWithNext == true)
    #expect(XHTMLTest.paragraphStyle(of: "Four sheets", in: text)?.keepWithNext == false)
  }
}
