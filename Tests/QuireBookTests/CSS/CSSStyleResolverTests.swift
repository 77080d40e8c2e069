import Testing

@testable import QuireBook

/// The cascade, seen through the converter's output.
@Suite struct CSSStyleResolverTests {
  @Test func specificityThenOrderThenInlineThenImportant() {
    let css = """
      p.a { font-style: italic }
      p { font-style: normal }
      #x { font-weight: bold }
      p.a { font-weight: normal }
      .b { text-indent: 2em !important }
      """
    let text = XHTMLTest.convert(
      #"<p class="a" id="x">one</p><p class="b" style="text-indent: 0; font-weight: 700">two</p>"#,
      css: css
    ).text
    #expect(XHTMLTest.attributes(of: "one", in: text)?.isItalic == true)
    #expect(XHTMLTest.attributes(of: "one", in: text)?.isBold == true)
    #expect(XHTMLTest.paragraphStyle(of: "two", in: text)?.firstLineIndent == 2)
    #expect(XHTMLTest.attributes(of: "two", in: text)?.isBold == true)
  }

  @Test func inheritanceAndRelativeSizes() {
    let css = """
      div.big { font-size: 150%; font-variant: small-caps; text-align: center; color: #804000 }
      span { font-size: 0.5em }
      .shout { text-transform: uppercase }
      .title { text-transform: capitalize }
      """
    let text = XHTMLTest.convert(
      #"<div class="big"><p>big <span>half</span></p></div><p class="shout">loud</p><p class="title">the old man</p>"#,
      css: css
    ).text
    let big = XHTMLTest.attributes(of: "big", in: text)
    #expect(big?.fontScale == 1.5)
    #expect(big?.isSmallCaps == true)
    #expect(big?.foreground == Color(red: 0x80, green: 0x40, blue: 0))
    #expect(XHTMLTest.attributes(of: "half", in: text)?.fontScale == 0.75)
    #expect(XHTMLTest.paragraphStyle(of: "big", in: text)?.alignment == .center)
    // text-transform changes what is drawn, not the book's letters.
    #expect(XHTMLTest.paragraphs(text).suffix(2) == ["loud", "the old man"])
    #expect(XHTMLTest.attributes(of: "loud", in: text)?.textTransform == .uppercase)
    #expect(String(decoding: text.displayUnits, as: UTF16.self).hasSuffix("LOUD\nThe Old Man\n"))
  }

  @Test func headingsFollowTheBookWhenItSaysSo() {
    let text = XHTMLTest.convert(
      "<h2>Plain</h2><h3>Default</h3>",
      css: "h2 { font-weight: normal; font-size: 1em; text-align: center; margin-top: 3em }"
    ).text
    let plain = XHTMLTest.attributes(of: "Plain", in: text)
    #expect(plain?.isBold == false)
    #expect(plain?.fontScale == 1)
    #expect(text.paragraphs[0].value.alignment == .center)
    #expect(text.paragraphs[0].value.spacingBefore == 3)
    #expect(XHTMLTest.attributes(of: "Default", in: text)?.fontScale == 1.25)
    #expect(text.paragraphs[1].value.alignment == .left)
  }

  @Test func displaySwitchesAndPageBreaks() {
    let css = """
      .gone { display: none }
      span.block { display: block }
      p.inline { display: inline }
      .chapter { page-break-before: always }
      """
    let text = XHTMLTest.convert(
      #"<p>a<span class="gone">hidden</span> <span class="block">b</span> c</p><p class="inline">d</p><p class="inline">e</p><div class="chapter"><p>f</p></div>"#,
      css: css
    ).text
    #expect(XHTMLTest.paragraphs(text) == ["a", "b", "c", "de", "f"])
    #expect(text.paragraphs.map(\.value.pageBreakBefore) == [false, false, false, false, true])
  }

  @Test func marginsBecomeSpacingAndIndents() {
    let css = """
      p { margin: 0 }
      .spaced { margin-top: 2em; margin-bottom: 1em }
      .indented { margin-left: 10%; margin-right: 16px }
      """
    let text = XHTMLTest.convert(
      #"<p>a</p><p class="spaced">b</p><p class="spaced">c</p><p class="indented">d</p>"#, css: css
    ).text
    let styles = text.paragraphs.map(\.value)
    #expect(styles.map(\.spacingBefore) == [0, 2, 1, 0])  // 2em above c, less the 1em below b
    #expect(styles.map(\.spacingAfter) == [0, 1, 1, 0])
    #expect(styles[3].leftIndent == 3)
    #expect(styles[3].rightIndent == 1)
  }

  @Test func decorationsAndShifts() {
    let css = """
      .u { text-decoration: underline } .n { text-decoration: none }
      .up { vertical-align: super } .hl { background-color: #ffff00 }
      """
    let text = XHTMLTest.convert(
      #"<p><span class="u">under <span class="n">still</span></span> <span class="up">hi</span> <span class="hl">mark</span></p>"#,
      css: css
    ).text
    #expect(XHTMLTest.attributes(of: "under", in: text)?.underline == .single)
    #expect(XHTMLTest.attributes(of: "still", in: text)?.underline == .single)
    #expect(XHTMLTest.attributes(of: "hi", in: text)?.baselineShift == .superscript)
    #expect(
      XHTMLTest.attributes(of: "mark", in: text)?.background == Color(red: 255, green: 255, blue: 0)
    )
  }

  @Test func styleElementsAndMissingSheets() {
    let output = XHTMLTest.convert(
      "<p>x</p>",
      head:
        #"<style type="text/css">p { font-style: italic }</style><link rel="stylesheet" href="gone.css"/><link rel="alternate stylesheet" href="night.css"/>"#
    )
    #expect(XHTMLTest.attributes(of: "x", in: output.text)?.isItalic == true)
    #expect(output.warnings.map(\.message) == ["the stylesheet OEBPS/text/gone.css is missing"])
  }

  @Test func oversizedStylesheetIsIgnored() {
    var limits = ImportLimits()
    limits.maxStylesheetSize = 100
    let converter = XHTMLConverter(
      documentHref: "a.xhtml", bookPath: "b.epub", limits: limits,
      loadStylesheet: { _ in "p { font-style: italic }" + String(repeating: " ", count: 200) })
    let output = converter.convert(
      Array(
        #"<html xmlns="http://www.w3.org/1999/xhtml"><head><link rel="stylesheet" href="s.css"/></head><body><p>x</p></body></html>"#
          .utf8))
    #expect(output.text.runs.first?.value.isItalic == false)
    #expect(output.warnings.count == 1)
  }

  @Test func floatIsParsedAndCoversTheFloatedElementOnlyNotItsSiblingsOrParagraph() {
    let css = """
      span.lnum { float: right; color: gray; font-size: 90% }
      .left { float: left }
      .none { float: none }
      .both { float: right }
      .both .inner { float: none }
      div.box { float: right }
      img { float: left }
      .bogus { float: sideways }
      """
    let text = XHTMLTest.convert(
      #"<p>Son of man,<span class="lnum">20</span> after</p>"#
        + #"<p><span class="left">7</span>seven <span class="left none">plain</span></p>"#
        + #"<p><span class="both">outer <em class="inner">inner</em></span> <em>later</em></p>"#
        + #"<div class="box">a floated block</div><p><span class="bogus">odd</span></p>"#,
      css: css
    ).text
    #expect(XHTMLTest.attributes(of: "20", in: text)?.float == .right)
    #expect(XHTMLTest.attributes(of: "20", in: text)?.fontScale == 0.9)
    // `float` is not inherited by the text around the element or the paragraph.
    #expect(XHTMLTest.attributes(of: "Son", in: text)?.float == nil)
    #expect(XHTMLTest.attributes(of: "after", in: text)?.float == nil)
    #expect(XHTMLTest.attributes(of: "7", in: text)?.float == .left)
    #expect(XHTMLTest.attributes(of: "seven", in: text)?.float == nil)
    // A later rule's `none` wins.
    #expect(XHTMLTest.attributes(of: "plain", in: text)?.float == nil)
    // A child of a floated element is part of its box (its own `float: none` aside), and
    // a sibling after it is not.
    #expect(XHTMLTest.attributes(of: "outer", in: text)?.float == .right)
    #expect(XHTMLTest.attributes(of: "inner", in: text)?.float == .right)
    #expect(XHTMLTest.attributes(of: "later", in: text)?.float == nil)
    // Floated blocks stay blocks set as before; unknown values are ignored.
    #expect(XHTMLTest.attributes(of: "floated block", in: text)?.float == nil)
    #expect(XHTMLTest.attributes(of: "odd", in: text)?.float == nil)
    #expect(CSSDeclaration.parse(property: "float", value: "right") == [.float(.right)])
    #expect(CSSDeclaration.parse(property: "float", value: "NONE") == [.float(nil)])
    #expect(CSSDeclaration.parse(property: "float", value: "sideways").isEmpty)
  }
}
