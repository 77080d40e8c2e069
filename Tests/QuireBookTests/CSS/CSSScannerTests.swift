import Testing

@testable import QuireBook

@Suite struct CSSScannerTests {
  @Test func rulesCommentsAndAtRulesSkipped() {
    let sheet = CSSStylesheet(
      parsing: """
        @charset "utf-8"; @import url("x.css");
        /* p { font-style: italic } */
        @font-face { font-family: X; src: url(x.otf) }
        @media (prefers-color-scheme: dark) { p { color: white } img { filter: invert(1) } }
        h1, .x > em { font-weight: bold; unknown-thing: 3 }
        p{text-indent:1em}
        """)
    #expect(sheet.rules.count == 2)
    #expect(sheet.rules[0].selectors.count == 2)
    #expect(sheet.rules[0].properties.map(\.declaration) == [.fontWeight(.absolute(700))])
    #expect(sheet.rules[1].properties.map(\.declaration) == [.textIndent(.em(1))])
  }

  @Test func garbageNeverCrashesAndRecovers() {
    let inputs = [
      "", "{", "}", "}}} p { font-style: italic }", "p { font-style: italic", "/* unterminated",
      "@media { { {", "p { content: \"}\"; font-weight: bold }", ":::: { color: red }",
      "p[ { x }", "\u{0}\u{1}{;;:}", String(repeating: "{", count: 10_000),
      String(repeating: "a b ", count: 5_000) + "{ font-style: italic }",
    ]
    for input in inputs { _ = CSSStylesheet(parsing: input) }
    #expect(
      CSSStylesheet(parsing: "}}} p { font-style: italic }").rules.first?.properties.first?
        .declaration == .fontStyle(italic: true))
    #expect(
      CSSStylesheet(parsing: "p { content: \"}\"; font-weight: bold }").rules.first?.properties
        .map(\.declaration) == [.fontWeight(.absolute(700))])
    // An unclosed last block runs to the end of the sheet.
    #expect(CSSStylesheet(parsing: "p { font-style: italic").rules.count == 1)
  }

  @Test func importantFlag() {
    let properties = CSSStylesheet.properties(in: "font-style: normal !important; color: #c00")
    #expect(properties.map(\.isImportant) == [true, false])
    #expect(properties.last?.declaration == .color(Color(red: 0xCC, green: 0, blue: 0)))
  }

  @Test func declarationValues() {
    func parse(_ name: String, _ value: String) -> [CSSDeclaration] {
      CSSDeclaration.parse(property: name, value: Substring(value))
    }
    #expect(parse("font-size", "150%") == [.fontSize(.relative(1.5))])
    #expect(parse("font-size", "24px") == [.fontSize(.absolute(1.5))])
    #expect(parse("font-size", "1.2rem") == [.fontSize(.absolute(1.2))])
    #expect(parse("font-size", "x-large") == [.fontSize(.absolute(1.5))])
    #expect(parse("font-size", "-3em").isEmpty)
    #expect(parse("font-weight", "600") == [.fontWeight(.absolute(600))])
    #expect(
      parse("font-family", "\"Georgia\", 'Times New Roman' ,serif")
        == [.fontFamily(.named("Georgia, Times New Roman, serif"))])
    #expect(parse("font-family", "sans-serif") == [.fontFamily(.sansSerif)])
    #expect(parse("font-variant", "small-caps") == [.smallCaps(true)])
    #expect(parse("font-variant-caps", "all-small-caps") == [.smallCaps(true)])
    #expect(parse("text-align", "end") == [.textAlign(.right)])
    #expect(
      parse("margin", "1em 2px") == [
        .margin(.top, .em(1)), .margin(.right, .rem(0.125)), .margin(.bottom, .em(1)),
        .margin(.left, .rem(0.125)),
      ])
    #expect(parse("margin", "1em bogus").isEmpty)
    #expect(parse("break-before", "page") == [.pageBreakBefore(true)])
    #expect(
      parse("text-decoration", "underline dotted") == [
        .textDecoration(underline: true, lineThrough: false)
      ])
    #expect(parse("vertical-align", "super") == [.verticalAlign(.superscript)])
    #expect(parse("display", "none") == [.display(.none)])
    #expect(parse("display", "inline-block") == [.display(.inline)])
    #expect(parse("letter-spacing", "1px").isEmpty)
  }

  @Test func blackTextIsLeftToTheTheme() {
    for value in ["black", "#000", "#111111", "rgb(20, 20, 20)", "inherit"] {
      #expect(
        CSSDeclaration.parse(property: "color", value: Substring(value)) == [.color(nil)],
        "\(value)")
    }
    #expect(
      CSSDeclaration.parse(property: "color", value: "rgb(200, 0, 0)")
        == [.color(Color(red: 200, green: 0, blue: 0))])
    #expect(
      CSSDeclaration.parse(property: "background-color", value: "white") == [.backgroundColor(nil)])
    #expect(
      CSSDeclaration.parse(property: "background-color", value: "#ff0")
        == [.backgroundColor(Color(red: 255, green: 255, blue: 0))])
  }
}
