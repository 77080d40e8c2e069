import Testing

@testable import QuireBook

@Suite struct StyledTextBuilderTests {
  @Test func paragraphsEndWithNewlineAndRunsMerge() {
    var builder = StyledTextBuilder()
    builder.beginParagraph(.heading(level: 1))
    builder.append("Title")
    builder.endParagraph()
    builder.append("Hello ")
    var italic = TextAttributes()
    italic.isItalic = true
    builder.append("world", italic)
    builder.append("!", italic)
    let text = builder.build()
    #expect(text.string == "Title\nHello world!\n")
    #expect(text.paragraphs.map(\.range) == [0..<6, 6..<19])
    #expect(text.runs.count == 2)
    #expect(text.substring(12..<18) == "world!")
  }
}
