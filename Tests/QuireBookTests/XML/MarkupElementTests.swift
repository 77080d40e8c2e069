import Testing

@testable import QuireBook

/// What a parsed element tells of its text.
@Suite struct MarkupElementTests {
  /// The UTF-16 length of an element's text, counted without building it, is the length
  /// of the text built: nested elements, characters outside the BMP, text on both sides.
  @Test func textLengthIsTheLengthOfTheText() throws {
    let markup = "<div>Héllo <b>𝔴orld <i>日本</i></b> and 🎉<p/>end</div>"
    let root = try MarkupParser.parse(
      Array(markup.utf8), mode: .xml, path: "test.xml", entry: "test.xml"
    ).root
    #expect(root.textContent == "Héllo 𝔴orld 日本 and 🎉end")
    #expect(root.textContentUTF16Count == root.textContent.utf16.count)
    #expect(MarkupElement(name: "p").textContentUTF16Count == 0)
  }
}
