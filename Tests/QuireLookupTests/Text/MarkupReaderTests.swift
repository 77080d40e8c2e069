import Testing

@testable import QuireLookup

/// StarDict's markup types read as a popup shows them.
@Suite struct MarkupReaderTests {
  private func read(_ markup: String, _ dialect: MarkupReader.Dialect) -> DefinitionText {
    var builder = DefinitionTextBuilder()
    MarkupReader(dialect: dialect).read(markup, into: &builder)
    return builder.build()
  }

  private func lines(_ text: DefinitionText) -> [String] {
    text.paragraphs.map { text.substring($0.range).trimmingWhitespace }
  }

  @Test func htmlBlocksLinksAndEntities() {
    let text = read(
      """
      <div><b>cat</b> <i>n.</i></div>
      <ol><li>A small   domesticated carnivore; see <a href="bword://kitten">kitten</a>.</li>
      <li>A &quot;lion&quot; &amp; others<br>(informal) — <a href="https://example.org">web</a>
      </li></ol><script>alert(1)</script><style>b{}</style><img src="cat.png">
      """, .html)
    #expect(
      lines(text) == [
        "cat n.", "A small domesticated carnivore; see kitten.", "A \"lion\" & others",
        "(informal) — web",
      ])
    #expect(text.links.map(\.word) == ["kitten"])
    #expect(text.substring(text.links[0].range) == "kitten")
    #expect(text.spans.first.map { text.substring($0.range) } == "cat")
    #expect(text.paragraphs.map(\.indent) == [0, 1, 1, 1])
  }

  @Test func pangoMarkupKeepsLineEnds() {
    let text = read(
      "\n    [<i>a kapela</i>]\n\n<b>vokální skladba</b>\n<span weight=\"bold\">x</span>",
      .lineBased)
    #expect(lines(text) == ["[a kapela]", "vokální skladba", "x"])
    #expect(text.paragraphs.map(\.isSpaced) == [false, true, false])
    #expect(text.spans.map { text.substring($0.range) } == ["a kapela", "vokální skladba", "x"])
  }

  @Test func xdxfHeadwordsTranscriptionsAndReferences() {
    let text = read(
      "<k>dog</k>\n<tr>dɒg</tr> <abr>n.</abr> a domestic animal; cf. <kref>wolf</kref>\n"
        + "<ex>the dog barked</ex>", .lineBased)
    #expect(lines(text) == ["dog", "[dɒg] n. a domestic animal; cf. wolf", "the dog barked"])
    #expect(text.links.map(\.word) == ["wolf"])
    #expect(
      text.spans.contains { $0.style.contains(.headword) && text.substring($0.range) == "dog" })
    #expect(text.spans.contains { $0.style.contains(.example) })
  }

  /// Broken markup never stops the text: a stray "<", an unclosed tag, an unknown entity.
  @Test func brokenMarkupStillGivesTheText() {
    let text = read("1 < 2 &bogus; <b>bold <i>both</b> after &#x41;&#66;", .html)
    #expect(lines(text) == ["1 < 2 &bogus; bold both after AB"])
    let long = String(repeating: "<a ", count: 20_000)
    #expect(read(long, .html).length > 0)
  }

  @Test func linkTargets() {
    #expect(MarkupReader.entryLink("bword://run%20away") == "run away")
    #expect(MarkupReader.entryLink("entry://cat") == "cat")
    #expect(MarkupReader.entryLink("kitten") == "kitten")
    #expect(MarkupReader.entryLink("https://example.org") == nil)
    #expect(MarkupReader.entryLink("#top") == nil)
    #expect(MarkupReader.entryLink("sound.wav") == nil)
  }
}
