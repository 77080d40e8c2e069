import Testing

@testable import QuireBook

@Suite struct XHTMLConverterTests {
  @Test func paragraphsAndWhitespace() {
    let output = XHTMLTest.convert("<p>  Hello,\n   <em>dear</em>\n world.  </p>\n<p>Two</p>")
    #expect(output.text.string == "Hello, dear world.\nTwo\n")
    #expect(output.text.paragraphs.count == 2)
    #expect(XHTMLTest.attributes(of: "dear", in: output.text)?.isItalic == true)
    #expect(XHTMLTest.attributes(of: "Hello", in: output.text)?.isItalic == false)
    #expect(output.warnings.isEmpty)
  }
}
