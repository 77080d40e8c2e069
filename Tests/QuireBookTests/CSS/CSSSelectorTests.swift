import Testing

@testable import QuireBook

@Suite struct CSSSelectorTests {
  /// A context for the element path `names` (e.g. ["html", "body", "p"]), each given as
  /// "name.class#id", with `siblings` before the last one.
  private func context(_ path: [String], siblings: [String] = []) -> CSSMatchContext {
    var context = CSSMatchContext()
    for (level, spec) in path.enumerated() {
      let before = level == path.count - 1 ? siblings.map { info($0, index: 0) } : []
      context.push(
        info(spec, index: before.count, count: before.count + 1), previousSiblings: before)
    }
    return context
  }

  private func info(_ spec: String, index: Int, count: Int = 1) -> CSSElementInfo {
    var name = spec
    var attributes: [MarkupAttribute] = []
    if let hash = name.firstIndex(of: "#") {
      attributes.append(.init(localName: "id", value: String(name[name.index(after: hash)...])))
      name = String(name[..<hash])
    }
    if let dot = name.firstIndex(of: ".") {
      attributes.append(.init(localName: "class", value: String(name[name.index(after: dot)...])))
      name = String(name[..<dot])
    }
    if name == "a" {
      attributes.append(
        .init(
          localName: "type", prefix: "epub", namespace: "http://www.idpf.org/2007/ops",
          value: "noteref x"))
    }
    let element = MarkupElement(name: name, attributes: attributes)
    return CSSElementInfo(
      element, name: name, index: index, siblingCount: count, typeIndex: index, typeCount: count)
  }

  private func matches(_ selector: String, _ context: CSSMatchContext) -> Bool {
    CSSSelector.parse(Substring(selector))?.matches(context) ?? false
  }

  @Test func simpleAndCompound() {
    let paragraph = context(["html", "body", "p.x#intro"])
    #expect(matches("p", paragraph))
    #expect(matches("*", paragraph))
    #expect(matches(".x", paragraph))
    #expect(matches("p.x#intro", paragraph))
    #expect(!matches("p.y", paragraph))
    #expect(!matches("div", paragraph))
  }

  @Test func combinators() {
    let nested = context(["html", "body", "section", "div", "p"], siblings: ["h2", "p"])
    #expect(matches("section p", nested))
    #expect(matches("body > section > div > p", nested))
    #expect(!matches("section > p", nested))
    #expect(matches("p + p", nested))
    #expect(!matches("h2 + p", nested))
    #expect(matches("h2 ~ p", nested))
    #expect(matches("div > h2 + p + p", nested))
  }

  @Test func attributesAndNamespaces() {
    let link = context(["body", "a"])
    #expect(matches("a[epub|type~=\"noteref\"]", link))
    #expect(matches("[epub|type]", link))
    #expect(matches("a[epub|type^='note']", link))
    #expect(!matches("a[epub|type=\"noteref\"]", link))
    #expect(!matches("a[href]", link))
  }

  @Test func pseudoClasses() {
    let first = context(["body", "p"])
    #expect(matches("p:first-child", first))
    #expect(matches("p:last-child", first))
    #expect(matches("p:only-child", first))
    #expect(matches("p:not(.x)", first))
    #expect(matches("p:nth-of-type(1)", first))
    let third = context(["body", "p"], siblings: ["p", "p"])
    #expect(!matches("p:first-child", third))
    #expect(matches("p:nth-child(odd)", third))
    #expect(matches("p:nth-child(2n+1)", third))
    #expect(!matches("p:nth-child(even)", third))
    #expect(!matches("p::first-line", first))
    #expect(!matches("p:first-letter", first))
    #expect(!matches("a:hover", first))
  }

  @Test func specificity() {
    func specificity(_ text: String) -> Int { CSSSelector.parse(Substring(text))!.specificity }
    #expect(specificity("#a") > specificity(".a.b.c"))
    #expect(specificity(".a") > specificity("body div p"))
    #expect(specificity("p + p") == 2)
    #expect(specificity("a[epub|type~=\"noteref\"]") == 101)
  }

  @Test func malformedSelectorsAreDropped() {
    #expect(CSSSelector.parse("p >") == nil)
    #expect(CSSSelector.parse("[unclosed") == nil)
    // An operator cut off at the end of the text (a fuzzer finding: it read past the end).
    for cut in ["[a~", "[a|", "[a^", "[a$", "[a*", "p[x~", "[a~ ="] {
      #expect(CSSSelector.parse(Substring(cut)) == nil, "\(cut)")
    }
    #expect(CSSSelector.parseList("p, ##, h1").count == 2)
  }
}
