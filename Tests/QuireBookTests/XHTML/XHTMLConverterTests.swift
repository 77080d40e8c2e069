import Testing

@testable import QuireBook

/// Block structure: paragraphs, headings, lists, tables, pre, rules, whitespace.
@Suite struct XHTMLConverterTests {
  @Test func paragraphsAndWhitespace() {
    let output = XHTMLTest.convert("<p>  Hello,\n   <em>dear</em>\n world.  </p>\n<p>Two</p>")
    #expect(output.text.string == "Hello, dear world.\nTwo\n")
    #expect(output.text.paragraphs.count == 2)
    #expect(XHTMLTest.attributes(of: "dear", in: output.text)?.isItalic == true)
    #expect(XHTMLTest.attributes(of: "Hello", in: output.text)?.isItalic == false)
    #expect(output.warnings.isEmpty)
  }

  @Test func spacesAcrossInlineEdgesCollapseToOne() {
    let output = XHTMLTest.convert("<p>a <b> b </b> c<i></i> <i> d</i></p>")
    #expect(output.text.string == "a b c d\n")
  }

  @Test func nonBreakingSpacesAreKept() {
    let output = XHTMLTest.convert("<p>Mr.\u{A0}Holmes\u{A0}</p>")
    #expect(output.text.string == "Mr.\u{A0}Holmes\u{A0}\n")
  }

  @Test func emptyBlocksMakeNoParagraphs() {
    let output = XHTMLTest.convert(
      "<div>  </div><p></p><p> <span> </span> </p><section><p>Text</p></section>")
    #expect(XHTMLTest.paragraphs(output.text) == ["Text"])
  }

  @Test func textAfterANestedBlockIsItsOwnParagraph() {
    let output = XHTMLTest.convert("<div>before<p>inside</p>after</div>")
    #expect(XHTMLTest.paragraphs(output.text) == ["before", "inside", "after"])
  }

  @Test func headingsHaveRolesScalesAndBold() {
    let output = XHTMLTest.convert(
      "<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>")
    let text = output.text
    #expect(text.paragraphs.map(\.value.role) == (1...6).map { .heading(level: $0) })
    #expect(
      ["One", "Two", "Three", "Four", "Five", "Six"].map {
        XHTMLTest.attributes(of: $0, in: text)?.fontScale
      } == [2.0, 1.5, 1.25, 1.1, 1, 1])
    #expect(XHTMLTest.attributes(of: "Four", in: text)?.isBold == true)
    #expect(text.paragraphs[0].value.keepWithNext)
  }

  @Test func titleIsTheTitleElementOrTheFirstHeading() {
    #expect(XHTMLTest.convert("<h2>Chapter</h2>").title == "T")
    let document = """
      <html xmlns="http://www.w3.org/1999/xhtml"><head><title> </title></head>
      <body><p>x</p><h2> The   <i>First</i> Heading </h2><h1>Other</h1></body></html>
      """
    #expect(XHTMLTest.convertDocument(document).title == "The First Heading")
  }

  @Test func lineBreaksBecomeLineSeparators() {
    let output = XHTMLTest.convert("<p>one <br/> two<br/><br/>three<br/></p>")
    #expect(output.text.string == "one\u{2028}two\u{2028}\u{2028}three\n")
  }

  @Test func unorderedAndOrderedListsWithNesting() {
    let output = XHTMLTest.convert(
      """
      <ul><li>apple</li><li>pear<ul><li>small</li></ul></li></ul>
      <ol start="3"><li>third</li><li><p>fourth</p></li><li value="9">ninth</li></ol>
      """)
    let text = output.text
    #expect(
      XHTMLTest.paragraphs(text) == [
        "• apple", "• pear", "• small", "3. third", "4. fourth", "9. ninth",
      ])
    #expect(text.paragraphs.allSatisfy { $0.value.role == .listItem })
    let outer = text.paragraphs[0].value.leftIndent
    let inner = text.paragraphs[2].value.leftIndent
    #expect(outer > 0 && inner > outer)
  }

  @Test func listStyleTypes() {
    let css = "ul.plain { list-style-type: none } ol.alpha { list-style: upper-alpha inside }"
    let output = XHTMLTest.convert(
      #"<ul class="plain"><li>bare</li></ul><ol class="alpha"><li>x</li><li>y</li></ol>"#,
      css: css)
    #expect(XHTMLTest.paragraphs(output.text) == ["bare", "A. x", "B. y"])
  }

  @Test func preformattedKeepsSpacesAndLines() {
    let output = XHTMLTest.convert("<pre>\nlet x = 1\n\n  if  x {\tgo }\n</pre>")
    let text = output.text
    #expect(text.string == "let x = 1\u{2028}\u{2028}  if  x {\tgo }\n")
    let style = text.paragraphs.first?.value
    #expect(style?.role == .preformatted)
    #expect(style?.alignment == .left)
    #expect(style?.hyphenation == false)
    #expect(text.runs.first?.value.fontFamily == .monospace)
    #expect(style?.preservesWhitespace == true)
  }

  @Test func whiteSpacePreOnAnyBlockKeepsItsWhitespaceAndIsNeverHyphenated() {
    let css = "body { text-align: justify } .keep { white-space: pre-wrap }"
    let output = XHTMLTest.convert(
      #"<div class="keep">c  d</div><p>e  f</p>"#, css: css)
    let styles = output.text.paragraphs.map(\.value)
    #expect(styles.map(\.preservesWhitespace) == [true, false])
    #expect(styles.map(\.hyphenation) == [false, true])
    #expect(XHTMLTest.paragraphs(output.text) == ["c  d", "e f"])
  }

  @Test func horizontalRuleIsAnEmptyRuleParagraph() {
    let output = XHTMLTest.convert("<p>a</p><hr/><p>b</p>")
    #expect(output.text.string == "a\n\nb\n")
    #expect(output.text.paragraphs.map(\.value.role) == [.body, .rule, .body])
  }

  @Test func tablesAreFlattenedOneRowPerParagraph() {
    let output = XHTMLTest.convert(
      """
      <table><caption>Prices</caption>
      <thead><tr><th>Item</th><th>Cost</th></tr></thead>
      <tbody><tr><td><p>Tea</p></td><td>2d.</td></tr><tr><td></td><td>4d.</td></tr></tbody>
      </table>
      """)
    let text = output.text
    #expect(XHTMLTest.paragraphs(text) == ["Prices", "Item | Cost", "Tea | 2d.", "4d."])
    #expect(text.paragraphs[0].value.role == .caption)
    #expect(XHTMLTest.attributes(of: "Item", in: text)?.isBold == true)
    #expect(XHTMLTest.attributes(of: "Tea", in: text)?.isBold == false)
    #expect(XHTMLTest.attributes(of: " | 2d", in: text)?.isBold == false)
  }

  @Test func blockquoteFigureAndCaption() {
    let output = XHTMLTest.convert(
      """
      <blockquote><p>Quoted</p></blockquote>
      <figure><img src="../images/a.png" alt="A map"/><figcaption>The map</figcaption></figure>
      """, imageSize: { $0 == "OEBPS/images/a.png" ? Attachment.Size(width: 10, height: 20) : nil })
    let text = output.text
    #expect(text.paragraphs.map(\.value.role) == [.blockquote, .figure, .caption])
    #expect(text.paragraphs[0].value.leftIndent == 2)
    let image = text.attachments.first
    #expect(image?.href == "OEBPS/images/a.png")
    #expect(image?.alternativeText == "A map")
    #expect(image?.intrinsicSize == Attachment.Size(width: 10, height: 20))
    #expect(image?.offset == text.paragraphs[1].range.lowerBound)
  }

  @Test func definitionListsAndContainers() {
    let output = XHTMLTest.convert(
      """
      <article><header><hgroup><h2>I</h2><p>Sub</p></hgroup></header>
      <section><dl><dt>Term</dt><dd>Meaning</dd></dl></section><aside>Aside</aside>
      <nav>Nav</nav><footer>End</footer></article>
      """)
    #expect(
      XHTMLTest.paragraphs(output.text) == ["I", "Sub", "Term", "Meaning", "Aside", "Nav", "End"])
    #expect(XHTMLTest.paragraphStyle(of: "Meaning", in: output.text)?.leftIndent == 2)
  }

  @Test func removedElements() {
    let output = XHTMLTest.convert(
      """
      <p>kept<script>alert(1)</script><style>p{}</style></p><template><p>t</p></template>
      <iframe src="x.html">frame</iframe><object data="x">obj</object><noscript>ns</noscript>
      <p hidden="hidden">hidden</p><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp>字<rt>ji</rt></ruby>
      """)
    #expect(XHTMLTest.paragraphs(output.text) == ["kept", "漢字"])
  }
}
