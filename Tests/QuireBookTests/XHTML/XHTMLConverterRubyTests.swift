import Testing

@testable import QuireBook

/// `<ruby>`: the base text is the chapter's text, the readings annotations over it.
@Suite struct XHTMLConverterRubyTests {
  /// Each annotation as "base:reading".
  private func rubies(_ text: StyledText) -> [String] {
    text.rubies.map { "\(text.substring($0.base)):\($0.text)" }
  }

  @Test func groupRubyAnnotatesTheWholeBaseAndKeepsTheReadingOutOfTheText() {
    let text = XHTMLTest.convert(
      "<p><ruby>吾輩<rp>（</rp><rt>わがはい</rt><rp>）</rp></ruby>は猫である。</p>"
    ).text
    #expect(XHTMLTest.paragraphs(text) == ["吾輩は猫である。"])
    #expect(rubies(text) == ["吾輩:わがはい"])
  }

  @Test func monoRubyPairsEachReadingWithTheTextBeforeIt() {
    let text = XHTMLTest.convert(
      "<p>とんと<ruby>見<rp>(</rp><rt>けん</rt><rp>)</rp>当<rp>(</rp><rt>とう</rt><rp>)</rp></ruby>がつかぬ</p>"
    ).text
    #expect(XHTMLTest.paragraphs(text) == ["とんと見当がつかぬ"])
    #expect(rubies(text) == ["見:けん", "当:とう"])
  }

  @Test func rubyBasesPairWithTheirReadingsInOrder() {
    let text = XHTMLTest.convert(
      """
      <p>一番<ruby>
        <rb>獰</rb><rb>悪</rb><rp>（</rp><rt>どう</rt><rt>あく</rt><rp>）</rp>
      </ruby>な種族</p>
      """
    ).text
    #expect(XHTMLTest.paragraphs(text) == ["一番獰悪な種族"])
    #expect(rubies(text) == ["獰:どう", "悪:あく"])
  }

  @Test func aRubyTextContainerGivesAGroupReadingWhenThereIsNoOther() {
    let text = XHTMLTest.convert("<p>a <ruby>東京<rtc>Tōkyō</rtc></ruby> b</p>").text
    #expect(XHTMLTest.paragraphs(text) == ["a 東京 b"])
    #expect(rubies(text) == ["東京:Tōkyō"])
  }

  @Test func theSpaceBeforeARubyIsNotPartOfItsBase() {
    let text = XHTMLTest.convert("<p>word <ruby>漢字<rt>かんじ</rt></ruby>.</p>").text
    #expect(XHTMLTest.paragraphs(text) == ["word 漢字."])
    #expect(rubies(text) == ["漢字:かんじ"])
  }
}
