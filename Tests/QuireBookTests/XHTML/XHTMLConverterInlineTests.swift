import Testing

@testable import QuireBook

/// Inline elements: emphasis, shifts, links, notes, anchors, images, language.
@Suite struct XHTMLConverterInlineTests {
  @Test func inlineFormatting() {
    let text = XHTMLTest.convert(
      """
      <p><em>em</em> <i>i</i> <cite>cite</cite> <strong>strong</strong> <b>b</b>
      <u>u</u> <ins>ins</ins> <s>struck</s> <del>del</del> <code>code</code> <kbd>kbd</kbd>
      x<sup>sup</sup> y<sub>sub</sub> <small>small</small></p>
      """
    ).text
    for word in ["em", "i", "cite"] {
      #expect(XHTMLTest.attributes(of: word, in: text)?.isItalic == true, "\(word)")
    }
    #expect(XHTMLTest.attributes(of: "strong", in: text)?.weight == 700)
    #expect(XHTMLTest.attributes(of: "b", in: text)?.isBold == true)
    #expect(XHTMLTest.attributes(of: "u", in: text)?.underline == .single)
    #expect(XHTMLTest.attributes(of: "ins", in: text)?.underline == .single)
    #expect(XHTMLTest.attributes(of: "struck", in: text)?.isStrikethrough == true)
    #expect(XHTMLTest.attributes(of: "del", in: text)?.isStrikethrough == true)
    #expect(XHTMLTest.attributes(of: "code", in: text)?.fontFamily == .monospace)
    #expect(XHTMLTest.attributes(of: "kbd", in: text)?.fontFamily == .monospace)
    let sup = XHTMLTest.attributes(of: "sup", in: text)
    #expect(sup?.baselineShift == .superscript)
    #expect((sup?.fontScale ?? 1) < 1)
    #expect(XHTMLTest.attributes(of: "sub", in: text)?.baselineShift == .subscript)
    #expect((XHTMLTest.attributes(of: "small", in: text)?.fontScale ?? 1) < 1)
    #expect(
      XHTMLTest.attributes(of: "x", in: text)?.baselineShift == TextAttributes.BaselineShift.none)
  }

  @Test func quotesNestAndCanBeTurnedOff() {
    let output = XHTMLTest.convert("<p>He said <q>go <q>now</q></q>.</p>")
    #expect(output.text.string == "He said “go ‘now’”.\n")
    let blank = XHTMLTest.convert(
      "<p><q>“Hi”</q></p>", css: "q::before, q::after { content: \"\" }")
    #expect(blank.text.string == "“Hi”\n")
  }

  @Test func internalExternalAndScriptLinks() {
    let text = XHTMLTest.convert(
      """
      <p>See <a href="ch2.xhtml#part-3">part three</a>, <a href="#top">top</a>,
      <a href="https://example.org/x?y=1">the web</a>, <a href="javascript:alert(1)">no</a>,
      <a href="../../../etc/passwd">out</a>.</p>
      """
    ).text
    let targets = text.links.map { text.substring($0.range) }
    #expect(targets == ["part three", "top", "the web"])
    #expect(
      text.links.map(\.value) == [
        .internal(href: "OEBPS/text/ch2.xhtml#part-3"),
        .internal(href: "OEBPS/text/chapter.xhtml#top"),
        .external(url: "https://example.org/x?y=1"),
      ])
  }

  @Test func linkSpanningParagraphsIsSplitPerParagraph() {
    let text = XHTMLTest.convert(#"<a href="a.xhtml"><p>one</p><p>two</p></a>"#).text
    #expect(text.links.map { text.substring($0.range) } == ["one", "two"])
  }

  @Test func anchorsPointAtTheirText() {
    let text = XHTMLTest.convert(
      #"<p>first</p><section id="s2"><h2 id="h">Head</h2><p>a <span id="mid">b</span></p></section><p><a name="old"/>z</p>"#
    ).text
    #expect(text.anchors["s2"] == 6)
    #expect(text.anchors["h"] == 6)
    #expect(text.substring(text.anchors["mid"]!..<(text.anchors["mid"]! + 1)) == "b")
    #expect(text.substring(text.anchors["old"]!..<(text.anchors["old"]! + 1)) == "z")
  }

  @Test func noteReferencesAndNotes() {
    let text = XHTMLTest.convert(
      """
      <p>Text<a href="#n1" id="r1" epub:type="noteref">1</a> more.</p>
      <aside id="n1" epub:type="footnote" style="display: none"><p>The note.</p></aside>
      <ol epub:type="endnotes"><li id="e1" epub:type="endnote"><p>End note.</p></li></ol>
      <p role="doc-noteref">x</p>
      """
    ).text
    let mark = XHTMLTest.attributes(of: "1", in: text)
    #expect(mark?.isNoteReference == true)
    #expect(XHTMLTest.attributes(of: "Text", in: text)?.isNoteReference == false)
    #expect(XHTMLTest.attributes(of: " more", in: text)?.isNoteReference == false)
    #expect(XHTMLTest.paragraphStyle(of: "The note.", in: text)?.role == .note)
    #expect(XHTMLTest.paragraphStyle(of: "End note.", in: text)?.role == .note)
    #expect(XHTMLTest.paragraphs(text).contains("1. End note."))
    #expect(text.anchors["n1"] != nil)
  }

  @Test func imagesInlineBlockExternalAndSVG() {
    let text = XHTMLTest.convert(
      """
      <p>An <img src="../images/i.png" alt=" icon "/> inline.</p>
      <img src="http://example.org/x.png" alt="remote"/>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
      <title>Cover</title><image xlink:href="../images/cover.jpg" width="600" height="900"/></svg>
      """
    ).text
    #expect(text.attachments.map(\.href) == ["OEBPS/images/i.png", "OEBPS/images/cover.jpg"])
    #expect(text.attachments[0].alternativeText == "icon")
    #expect(text.attachments[1].alternativeText == "Cover")
    #expect(text.attachments[1].intrinsicSize == Attachment.Size(width: 600, height: 900))
    #expect(XHTMLTest.paragraphs(text) == ["An \u{FFFC} inline.", "[remote] \u{FFFC}"])
  }

  @Test func languageGoesToParagraphsAndDifferingRuns() {
    let document = """
      <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en-GB"><head><title>t</title></head>
      <body><p>an <i xml:lang="fr">affaire de coeur</i></p><p lang="de">Guten Tag</p></body></html>
      """
    let text = XHTMLTest.convertDocument(document).text
    #expect(text.paragraphs.map(\.value.language) == ["en-GB", "de"])
    #expect(XHTMLTest.attributes(of: "affaire", in: text)?.language == "fr")
    #expect(XHTMLTest.attributes(of: "an", in: text)?.language == nil)
  }

  @Test func directionComesFromDirAndCSS() {
    let document = """
      <html xmlns="http://www.w3.org/1999/xhtml" dir="rtl" lang="ar"><head><title>t</title>
      <style>.l { direction: ltr }</style></head>
      <body><p>مرحبا</p><p class="l">one</p><p dir="auto">two</p><div dir="ltr"><p>three</p></div>
      </body></html>
      """
    let text = XHTMLTest.convertDocument(document).text
    #expect(
      text.paragraphs.map(\.value.direction) == [.rightToLeft, .leftToRight, nil, .leftToRight])
  }
}
