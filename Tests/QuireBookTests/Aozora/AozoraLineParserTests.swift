import Foundation
import Testing

@testable import QuireBook

/// The markup of single lines: ruby bases found by script, notes that name the text before
/// them, start and end notes, gaiji, and hostile lines that must stay cheap.
struct AozoraLineParserTests {
  private func parse(_ line: String) -> AozoraLine { AozoraLineParser.parse(Substring(line)) }

  private func rubies(_ line: AozoraLine) -> [String] {
    line.rubies.map { String(String.UnicodeScalarView(line.text[$0.base])) + ":" + $0.reading }
  }

  @Test func implicitBasesAreTheRunOfOneScriptBeforeTheReading() {
    #expect(rubies(parse("私《わたくし》はその人を")) == ["私:わたくし"])
    #expect(rubies(parse("この辺《へん》に")) == ["辺:へん"])
    #expect(rubies(parse("市ヶ谷《いちがや》の叔母")) == ["市ヶ谷:いちがや"])
    #expect(rubies(parse("ハイカラ《はいから》な")) == ["ハイカラ:はいから"])
    #expect(rubies(parse("Ｑｕｉｄ《クイド》")) == ["Ｑｕｉｄ:クイド"])
    #expect(parse("吾輩《わがはい》は猫である").string == "吾輩は猫である")
  }

  @Test func aBarMarksWhereTheBaseStarts() {
    let line = parse("一番｜獰悪《どうあく》な種族")
    #expect(rubies(line) == ["獰悪:どうあく"])
    #expect(line.string == "一番獰悪な種族")
    #expect(rubies(parse("先生一人｜麦藁帽《むぎわらぼう》を")) == ["麦藁帽:むぎわらぼう"])
  }

  @Test func notesNamingTheTextBeforeThemStyleIt() {
    let line = parse("「焼芋を食う［＃「焼芋を食う」に傍点］も蛇足")
    #expect(line.string == "「焼芋を食うも蛇足")
    #expect(
      line.spans == [AozoraLine.Span(range: 1..<6, style: .emphasis(EmphasisMark(shape: .sesame)))])
    let heading = parse("［＃５字下げ］一［＃「一」は中見出し］")
    #expect(heading.string == "一")
    #expect(heading.headings == [AozoraLine.Heading(range: 0..<1, level: 2)])
    #expect(heading.commands.map(\.note) == [.indent(5)])
    let sub = parse("α１［＃「１」は下付き小文字］")
    #expect(sub.spans == [AozoraLine.Span(range: 1..<2, style: .subscript)])
  }

  @Test func startAndEndNotesStyleWhatIsBetween() {
    let line = parse("前［＃傍点］強く［＃傍点終わり］後")
    #expect(line.string == "前強く後")
    #expect(
      line.spans == [AozoraLine.Span(range: 1..<3, style: .emphasis(EmphasisMark(shape: .sesame)))])
    let upright = parse("明治［＃縦中横］38［＃縦中横終わり］年")
    #expect(upright.spans == [AozoraLine.Span(range: 2..<4, style: .upright)])
    let target = parse("明治３８［＃「３８」は縦中横］年")
    #expect(target.spans == [AozoraLine.Span(range: 2..<4, style: .upright)])
    // Full-width digits set upright side by side become narrow, so they fit one em.
    #expect(target.string == "明治38年")
  }

  @Test func editorialNotesAreDropped() {
    let line = parse("猫である［＃「である」は底本では「でる」］。")
    #expect(line.string == "猫である。")
    #expect(line.spans.isEmpty && line.unknownNotes.isEmpty)
  }

  @Test func gaijiNotesBecomeTheirCharacterOrTheirDescription() {
    #expect(parse("※［＃「言＋墟のつくり」、第4水準2-88-74］《きょ》").string == "譃")
    #expect(rubies(parse("※［＃「言＋墟のつくり」、第4水準2-88-74］《きょ》")) == ["譃:きょ"])
    #expect(parse("※［＃小書き片仮名ヒ、1-6-84］").string == "ㇶ")
    #expect(parse("※［＃「彳＋貞」、U+5F8E、123-4］").string == "徎")
    // Only a page and line: no character is named, the description stands for it.
    #expect(parse("※［＃「口＋世」、123-4］").string == "〔口＋世〕")
    #expect(parse("※印").string == "※印")
  }

  @Test func accentDecompositionComposesLatinLetters() {
    #expect(parse("〔e'te'〕の話").string == "étéの話")
    #expect(
      parse("〔nisi amicitiae&［＃「〔amicitiae&〕」は底本では「amiticiae」］ inimica〕").string
        == "nisi amicitiæ inimica")
    #expect(parse("〔日本語〕").string == "〔日本語〕")
  }

  @Test func blockNotesAreCommands() {
    #expect(parse("［＃ここから２字下げ］").commands.map(\.note) == [.blockIndent(first: 2, rest: 2)])
    #expect(
      parse("［＃ここから３字下げ、折り返して５字下げ］").commands.map(\.note)
        == [.blockIndent(first: 3, rest: 5)])
    #expect(parse("［＃ここで字下げ終わり］").commands.map(\.note) == [.blockIndentEnd])
    #expect(parse("［＃地から２字上げ］（明治三十八年）").commands.map(\.note) == [.bottom(raise: 2)])
    #expect(parse("［＃改ページ］").commands.map(\.note) == [.pageBreak])
    #expect(parse("［＃ここから中見出し］").commands.map(\.note) == [.headingBlockStart(level: 2)])
  }

  @Test func unknownNotesAreLeftOutAndReported() {
    let line = parse("猫［＃何かの注記］である")
    #expect(line.string == "猫である")
    #expect(line.unknownNotes == ["何かの注記"])
  }

  @Test func unmatchedMarkupStaysText() {
    #expect(parse("漢字《よみ").string == "漢字《よみ")
    #expect(parse("［＃閉じない").string == "［＃閉じない")
    #expect(parse("《红楼梦》").string == "《红楼梦》")
  }

  @Test func hostileLinesStayLinear() {
    let nested =
      String(repeating: "［＃", count: 10_000) + "猫" + String(repeating: "］", count: 10_000)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      #expect(!parse(nested).string.contains("［＃"))
      let unclosed = String(repeating: "漢《", count: 20_000)
      #expect(parse(unclosed).text.count == 40_000)
      let targets = String(repeating: "猫［＃「犬犬犬犬犬犬犬犬」に傍点］", count: 5_000)
      #expect(parse(targets).string == String(repeating: "猫", count: 5_000))
      let quoted = String(repeating: "［＃「", count: 3_000) + String(repeating: "」に傍点］", count: 3_000)
      _ = parse(quoted)
      // Many styles and readings on one line: the line's runs are still built quickly.
      let styled = String(repeating: "猫［＃「猫」に傍点］犬［＃傍点］", count: 5_000)
      let readings = String(repeating: "漢《かん》", count: 20_000)
      var builder = AozoraTextBuilder()
      builder.add(line: Substring(styled), number: 0)
      builder.add(line: Substring(readings), number: 1)
      #expect(builder.build().rubies.count == 20_000)
    }
    // A quadratic step takes minutes at these sizes; AddressSanitizer slows the linear
    // work about threefold (10.6 s measured on a loaded machine).
    let limit: Duration =
      ProcessInfo.processInfo.environment["QUIRE_SANITIZER"] == nil ? .seconds(5) : .seconds(30)
    #expect(elapsed < limit)
  }
}
