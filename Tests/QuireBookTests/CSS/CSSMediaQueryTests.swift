import Testing

@testable import QuireBook

/// `@media`, `@supports`, `@import` and `@font-face` as a reading system on a screen sees them.
@Suite struct CSSMediaQueryTests {
  @Test(arguments: [
    ("", true), ("all", true), ("screen", true), ("only screen", true), ("SCREEN", true),
    ("print", false), ("speech", false), ("amzn-kf8", false), ("amzn-mobi", false),
    ("not print", true), ("not screen", false), ("print, screen", true),
    ("screen and (min-width: 30em)", true), ("(max-width: 400px)", true),
    ("all and (orientation:portrait)", true), ("all and (orientation:landscape)", false),
    ("screen and (monochrome)", false), ("screen and (color)", true),
    ("screen and (-webkit-min-device-pixel-ratio: 2)", true), ("tv", false),
    ("screen and", false), ("screen garbage", false), ("(unknown-feature: 1)", false),
  ])
  func evaluatesQueries(query: String, applies: Bool) {
    #expect(CSSMediaQuery.applies(Substring(query)) == applies)
  }

  @Test func rulesInsideApplyingBlocksApplyAndOthersDoNot() {
    let sheet = CSSStylesheet(
      parsing: """
        @media print { p { font-style: italic } }
        @media screen { p { font-weight: bold } }
        @media amzn-kf8 { p { text-align: center } }
        @supports (display: flex) { h1 { font-style: italic } }
        @page { margin: 0 }
        @media screen { @media print { em { font-weight: bold } } blockquote { margin: 0 } }
        div { text-indent: 0 }
        """)
    let declarations = sheet.rules.map { $0.properties.map(\.declaration) }
    #expect(sheet.rules.count == 4)  // p (screen), h1 (supports), blockquote, div
    #expect(declarations.first == [.fontWeight(.absolute(700))])
    #expect(declarations.dropFirst().first == [.fontStyle(italic: true)])
  }

  @Test func mobyDicksOrientationRulesGiveParagraphsTheSerifFace() {
    let sheet = CSSStylesheet(
      parsing: """
        @media all and (orientation:portrait) { p { font-family: serif; } }
        @media all and (orientation:landscape) { p { font-family: sans-serif; } }
        """)
    #expect(sheet.rules.count == 1)
    #expect(sheet.rules.first?.properties.first?.declaration == .fontFamily(.serif))
  }

  @Test func importsWhoseMediaApplyAreCollected() {
    let sheet = CSSStylesheet(
      parsing: """
        @charset "UTF-8";
        @import "fonts.css";
        @import url('night.css') screen;
        @import url(print.css) print;
        @namespace epub "http://www.idpf.org/2007/ops";
        p { font-style: italic }
        """)
    #expect(sheet.imports == ["fonts.css", "night.css"])
    #expect(sheet.rules.count == 1)
  }

  @Test func fontFacesAreReadWithTheirFirstUsableSource() {
    let sheet = CSSStylesheet(
      parsing: """
        @font-face { font-family: 'Stix'; font-weight: bold; font-style: italic;
          src: url(../fonts/STIXGeneralBolIta.otf); }
        @font-face { font-family: "Web"; font-weight: 300;
          src: local("Web"), url(w.woff2) format("woff2"), url("w.ttf") format("truetype"); }
        @font-face { font-family: OnlyWoff; src: url(x.woff) format("woff"); }
        @font-face { src: url(nameless.otf); }
        @font-face { font-family: Obf; src: url(OldStandard-Regular.obf.otf) format('opentype'); }
        """)
    let faces = sheet.fontFaces
    #expect(faces.map(\.family) == ["Stix", "Web", "Obf"])
    #expect(
      faces.map(\.url) == [
        "../fonts/STIXGeneralBolIta.otf", "w.ttf", "OldStandard-Regular.obf.otf",
      ])
    #expect(faces.map(\.weight) == [700, 300, 400])
    #expect(faces.map(\.isItalic) == [true, false, false])
  }

  /// `media` attributes and `@import`s as a chapter's converter meets them.
  @Test func linkedAndImportedSheetsHonourTheirMedia() throws {
    let sheets = [
      "OEBPS/print.css": "p { text-align: center }",
      "OEBPS/css/base.css": "@import url(deeper.css); @import \"never.css\" print;",
      "OEBPS/css/deeper.css": "p { font-style: italic }",
      "OEBPS/css/never.css": "p { text-align: right }",
      "OEBPS/loop.css": "@import \"loop.css\"; @import \"../../outside.css\";",
    ]
    let document = """
      <html xmlns="http://www.w3.org/1999/xhtml"><head>
      <link rel="stylesheet" href="print.css" media="print"/>
      <link rel="stylesheet" href="css/base.css" media="screen, print"/>
      <link rel="stylesheet" href="loop.css"/>
      <style media="screen">p { font-weight: bold }</style>
      <style media="speech">p { font-weight: 300 }</style>
      </head><body><p>Text.</p></body></html>
      """
    let converter = XHTMLConverter(
      documentHref: "OEBPS/a.xhtml", bookPath: "t.epub", limits: ImportLimits(),
      loadStylesheet: { sheets[$0] })
    let output = converter.convert(Array(document.utf8))
    let attributes = try #require(output.text.runs.first?.value)
    #expect(attributes.weight == 700)
    #expect(attributes.isItalic)
    #expect(output.text.paragraphs.first?.value.alignment != .center)
    #expect(output.text.paragraphs.first?.value.alignment != .right)
    // The loop is quietly cut; the sheet outside the book is named.
    #expect(
      output.warnings.map(\.message) == [
        "the stylesheet ../../outside.css is outside the book and was not loaded"
      ])
  }

  @Test func garbageAtRulesNeverLoopOrCrash() {
    for input in [
      "@media", "@media {", "@media screen { p { font-weight: bold }", "@font-face {",
      "@import", "@import url(", "@import \"unterminated", "@font-face { src: url(\"a",
      "@media ((((( { p {} }", String(repeating: "@media screen { ", count: 500),
      "@supports not (x) { @media print { } }",
    ] {
      _ = CSSStylesheet(parsing: input)
    }
    let deep = String(repeating: "@media screen { ", count: 20) + "p { font-weight: bold }"
    #expect(CSSStylesheet(parsing: deep).rules.isEmpty)  // deeper than maxAtRuleDepth
  }
}
