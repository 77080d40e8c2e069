/// Quire's defaults for XHTML elements, applied before the book's own CSS (which wins).
///
/// Element *behaviour* (blocks, lists, tables, skipped elements) lives in the converter;
/// this sheet only gives the look that the HTML rendering section of the WHATWG spec
/// gives, adjusted for reading: heading scales 2.0/1.5/1.25/1.1/1/1.
enum UserAgentStylesheet {
  /// The parsed sheet, shared by every conversion.
  static let sheet = CSSStylesheet(parsing: text)

  static let text = """
    h1 { font-size: 2em; font-weight: bold }
    h2 { font-size: 1.5em; font-weight: bold }
    h3 { font-size: 1.25em; font-weight: bold }
    h4 { font-size: 1.1em; font-weight: bold }
    h5, h6 { font-size: 1em; font-weight: bold }
    em, i, cite, var, dfn, address { font-style: italic }
    strong, b, th { font-weight: bold }
    thead { font-weight: bold }
    u, ins { text-decoration: underline }
    s, strike, del { text-decoration: line-through }
    code, kbd, samp, tt, pre, listing, xmp { font-family: monospace }
    pre, listing, xmp { white-space: pre; text-align: left; hyphens: none }
    sup { vertical-align: super; font-size: smaller }
    sub { vertical-align: sub; font-size: smaller }
    small { font-size: smaller }
    big { font-size: larger }
    p { margin-top: 1em; margin-bottom: 1em }
    blockquote { margin: 1em 2em }
    figure { margin: 1em 2em }
    ul, ol { margin-top: 1em; margin-bottom: 1em; margin-left: 2em }
    li ul, li ol, ul ul, ol ol, ul ol, ol ul { margin-top: 0; margin-bottom: 0 }
    ul { list-style-type: disc }
    ol { list-style-type: decimal }
    dl { margin-top: 1em; margin-bottom: 1em }
    dd { margin-left: 2em }
    hr { margin-top: 0.5em; margin-bottom: 0.5em }
    table { margin-top: 0.5em; margin-bottom: 0.5em }
    center { text-align: center }
    figcaption, caption { text-align: center }
    """
}
