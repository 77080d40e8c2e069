import Testing

@testable import QuireBook

/// Entities a document declares in its own DTD subset are expanded, within a budget; what
/// is not expanded is a warning — text is never dropped silently ("Before—after" used to
/// read "Beforeafter" with no warning).
@Suite struct MarkupParserEntityTests {
  private func document(_ declarations: String, _ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE html [
    \(declarations)
    ]>
    <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head>
    <body>\(body)</body></html>
    """
  }

  @Test func aTextEntityIsExpanded() {
    let output = XHTMLTest.convertDocument(
      document(#"<!ENTITY mdash "&#8212;">"#, "<p>Before&mdash;after end.</p>"))
    #expect(XHTMLTest.paragraphs(output.text) == ["Before—after end."])
    #expect(output.warnings.isEmpty, "\(output.warnings)")
  }

  @Test func markupAndNestedEntitiesAreExpandedWithTheirStyle() {
    let output = XHTMLTest.convertDocument(
      document(
        #"<!ENTITY name "<em>Quire</em> reader"> <!ENTITY both "a &name; b">"#,
        "<p>&both; and &name;.</p>"))
    #expect(XHTMLTest.paragraphs(output.text) == ["a Quire reader b and Quire reader."])
    #expect(XHTMLTest.attributes(of: "Quire", in: output.text)?.isItalic == true)
  }

  @Test func fiftyThousandReferencesKeepTheChapter() {
    let body = "<p>Start " + String(repeating: "&mdash;", count: 50_000) + " end.</p><p>Next.</p>"
    let output = XHTMLTest.convertDocument(document(#"<!ENTITY mdash "&#8212;">"#, body))
    let paragraphs = XHTMLTest.paragraphs(output.text)
    #expect(paragraphs.count == 2)
    #expect(paragraphs.first == "Start " + String(repeating: "—", count: 50_000) + " end.")
  }

  @Test func anExternalEntityIsNeverReadAndIsReported() {
    let output = XHTMLTest.convertDocument(
      document(#"<!ENTITY secret SYSTEM "file:///etc/hostname">"#, "<p>A &secret; B</p>"))
    #expect(XHTMLTest.paragraphs(output.text) == ["A B"])
    #expect(
      output.warnings.contains {
        $0.message == "text of an entity was left out: secret: an external entity, never read"
      }, "\(output.warnings)")
  }

  /// Ten levels of ten references each (10¹⁰ laughs) that libxml2 lets through as
  /// declarations: the expansion stops at the budget, quickly, and says so.
  @Test func expansionStopsAtTheBudget() {
    var declarations = #"<!ENTITY l0 "laugh laugh laugh laugh laugh laugh laugh laugh">"#
    for level in 1...9 {
      declarations +=
        "\n<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
    }
    let started = ContinuousClock.now
    let output = XHTMLTest.convertDocument(document(declarations, "<p>Before &l9; after.</p>"))
    #expect(ContinuousClock.now - started < .seconds(20))
    #expect(output.text.string.utf8.count <= MarkupParser.maxEntityText + 1_000)
    #expect(XHTMLTest.paragraphs(output.text).last?.hasPrefix("Before") == true)
  }
}
