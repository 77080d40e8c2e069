import Testing

@testable import QuireBook

@Suite struct TextCleanupTests {
  @Test func inlineTagsDoNotSplitWordsFromPunctuation() {
    #expect(
      strippingTags("<p>Hundreds of characters populate <i>War and Peace</i>, many</p>")
        == "Hundreds of characters populate War and Peace, many")
  }

  @Test func blockTagsSeparateWordsAndEntitiesAreDecoded() {
    #expect(
      strippingTags("<p>One</p><p>Two &amp; three</p>line<br/>break")
        == "One Two & three line break")
  }
}
