import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// The ruby fixture (`Tests/Fixtures/epub/ruby`) as a Japanese reader sees it: readings
/// at half size over their bases (group ruby over 吾輩 and 書生, mono-ruby over 見 and 当,
/// 獰 and 悪), no `<rp>` parentheses, sesame dots over 記憶, and a Traditional Chinese
/// paragraph in the TC face with ，。 centred. Fonts pinned to Debian's Noto CJK.
@Suite struct RubyGoldenTests {
  @Test func rubyEmphasisAndTraditionalChineseOnOnePage() throws {
    let book = try Book.open(Corpus.fixtures + "/epub/ruby")
    let text = try book.text(ofChapter: 0)
    let fonts = try FontContext()
    let container = TextContainer(width: 420, height: 720, margins: EdgeInsets(all: 24))
    let settings = LayoutSettings(fontSize: 22, language: "ja")
    let page = try #require(
      Paginator(text: text, container: container, settings: settings, fonts: fonts).page(at: 0))
    let paths = Set(page.lines.flatMap { ($0.runs + $0.annotations).map(\.font.path) })
    try #require(
      paths.allSatisfy { $0.hasPrefix("/usr/share/fonts/opentype/noto/") },
      "the ruby golden needs Debian's Noto CJK (fonts-noto-cjk); got \(paths.sorted())")
    #expect(page.lines.flatMap(\.annotations).count >= 6 + 2)
    let renderer = try PageRenderer(resources: { _ in throw Missing() }, fonts: fonts)
    try GoldenImage.check(renderer.render(page, text: text).image, named: "typesetting-ruby")
  }

  private struct Missing: Error {}
}
