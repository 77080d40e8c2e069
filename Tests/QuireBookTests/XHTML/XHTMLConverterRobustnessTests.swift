import Foundation
import Testing

@testable import QuireBook

/// Hostile and broken documents: recovered text plus warnings, never a crash or a hang.
@Suite struct XHTMLConverterRobustnessTests {
  @Test func deepNestingIsCutOffWithAWarning() {
    let depth = 5_000
    let body =
      String(repeating: "<div><span>", count: depth) + "deep"
      + String(repeating: "</span></div>", count: depth)
    let output = XHTMLTest.convert("<p>top</p>" + body)
    #expect(XHTMLTest.paragraphs(output.text) == ["top"])
    #expect(output.warnings.contains { $0.message.contains("nested deeper than") })
  }

  @Test func nestingWithinTheLimitKeepsItsText() {
    let body =
      String(repeating: "<blockquote>", count: 100) + "inner"
      + String(repeating: "</blockquote>", count: 100)
    let output = XHTMLTest.convert(body)
    #expect(XHTMLTest.paragraphs(output.text) == ["inner"])
    #expect(output.text.paragraphs[0].value.leftIndent == 20)  // clamped
  }

  @Test func controlCharactersAreRemoved() {
    let output = XHTMLTest.convert("<p>a&#x1;b\u{7}c\u{85}d\te</p>")
    #expect(output.text.string == "abcd e\n")
  }

  @Test func tagSoupWithoutNamespace() {
    let document = "<HTML><BODY><P>One<P>Two<UL><LI>x<LI>y</UL><SCRIPT>bad()</SCRIPT>"
    let output = XHTMLTest.convertDocument(document)
    #expect(XHTMLTest.paragraphs(output.text) == ["One", "Two", "• x", "• y"])
    #expect(!output.warnings.isEmpty)
  }

  @Test func documentWithoutBodyOrHTMLRoot() {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
        viewBox="0 0 10 10"><image xlink:href="cover.png"/></svg>
      """
    let output = XHTMLTest.convertDocument(svg, href: "OEBPS/cover.svg")
    #expect(output.text.attachments.map(\.href) == ["OEBPS/cover.png"])
    #expect(output.text.paragraphs.first?.value.role == .figure)
  }

  @Test func invariantsHoldOnMixedContent() {
    let output = XHTMLTest.convert(
      """
      <h1 id="a">Title<br/></h1><p><a href="x.xhtml"><em>link</em> <img src="i.png"/></a></p>
      <table><tr><td><ul><li>in cell</li></ul></td><td><hr/>b</td></tr></table>
      <pre>  </pre><p>   </p><ol><li></li></ol><p>end</p>
      """)
    let text = output.text
    let length = text.length
    // Runs are contiguous and cover the text; paragraphs end with "\n".
    #expect(text.runs.first?.range.lowerBound == 0)
    #expect(text.runs.last?.range.upperBound == length)
    for (previous, next) in zip(text.runs, text.runs.dropFirst()) {
      #expect(previous.range.upperBound == next.range.lowerBound)
    }
    #expect(text.paragraphs.last?.range.upperBound == length)
    for paragraph in text.paragraphs {
      #expect(text.substring(paragraph.range).hasSuffix("\n"))
    }
    #expect(XHTMLTest.paragraphs(text) == ["Title", "link \u{FFFC}", "in cell | b", "  ", "end"])
  }

  @Test func manyClassesAndRulesStayFast() {
    var css = ""
    for index in 0..<2_000 { css += ".c\(index) p span { font-style: italic }\n" }
    var body = ""
    for index in 0..<2_000 { body += #"<div class="c\#(index)"><p>w <span>x</span></p></div>"# }
    // A hang guard, not a benchmark: rule lookup by class keeps this linear (about a second
    // in a debug build); a quadratic cascade would take minutes.
    let clock = ContinuousClock()
    let elapsed = clock.measure { _ = XHTMLTest.convert(body, css: css) }
    #expect(elapsed < .seconds(60))
  }
}
