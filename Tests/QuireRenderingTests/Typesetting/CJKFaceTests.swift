import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// Chinese, Japanese and Korean text in its region's face, as its readers see it: the
/// place of ，and 。 in their em box tells the Traditional cut from the Simplified one.
@Suite struct CJKFaceTests {
  /// The page of one paragraph in `language`, rendered at 40 px.
  private func render(_ text: String, language: String) throws -> (RGBAImage, Page) {
    var style = ParagraphStyle()
    style.language = language
    var builder = StyledTextBuilder()
    builder.beginParagraph(style)
    builder.append(text, TextAttributes())
    builder.endParagraph()
    let styled = builder.build()
    let fonts = try FontContext()
    let container = TextContainer(width: 600, height: 200, margins: EdgeInsets(all: 20))
    let settings = LayoutSettings(fontSize: 40, language: language)
    let page = try #require(
      Paginator(text: styled, container: container, settings: settings, fonts: fonts).page(at: 0))
    let renderer = try PageRenderer(resources: { _ in throw Missing() }, fonts: fonts)
    return (renderer.render(page, text: styled).image, page)
  }

  private struct Missing: Error {}

  /// Where the ink of the glyph for `offset` sits in its em box: its centre as fractions
  /// of the em from the box's left and top (0.5, 0.5 is the middle), and the face drawn.
  private func inkCentre(of offset: Int, in image: RGBAImage, page: Page) throws
    -> (x: Double, y: Double, font: String)
  {
    let (line, run, glyph) = try #require(
      page.lines.lazy.flatMap { line in
        line.runs.lazy.compactMap { run in
          run.clusters.firstIndex(of: Int32(offset)).map { (line, run, $0) }
        }
      }.first)
    let em = run.size
    let left = Double(run.positions[glyph].x)
    // Noto CJK's ideographic em box: 0.88 em above the baseline, 0.12 below.
    let top = line.baseline - 0.88 * em
    var minX = Int.max
    var maxX = Int.min
    var minY = Int.max
    var maxY = Int.min
    for y in Int(top.rounded())..<Int((top + em).rounded()) {
      for x in Int(left.rounded())..<Int((left + em).rounded())
      where image.pixels[image.index(x: x, y: y)] < 128 {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    try #require(minX <= maxX, "no ink in the em box of offset \(offset)")
    return (
      (Double(minX + maxX + 1) / 2 - left) / em, (Double(minY + maxY + 1) / 2 - top) / em,
      run.font.path
    )
  }

  @Test(arguments: ["zh-Hant", "zh-TW", "zh-HK"])
  func traditionalChineseCentresItsCommaAndFullStop(language: String) throws {
    let text = "滾滾長江東逝水，浪花淘盡英雄。"
    let (image, page) = try render(text, language: language)
    for mark in ["，", "。"] {
      let ink = try inkCentre(
        of: text.distance(from: text.startIndex, to: text.firstIndex(of: Character(mark))!),
        in: image, page: page)
      #expect(abs(ink.x - 0.5) < 0.12 && abs(ink.y - 0.5) < 0.12, "\(mark) at \(ink)")
      #expect(ink.font.contains("NotoSerifCJK"))
    }
  }

  @Test func simplifiedChineseSetsItsCommaAndFullStopLowAtTheLeft() throws {
    let text = "滚滚长江东逝水，浪花淘尽英雄。"
    let (image, page) = try render(text, language: "zh-Hans")
    for mark in ["，", "。"] {
      let ink = try inkCentre(
        of: text.distance(from: text.startIndex, to: text.firstIndex(of: Character(mark))!),
        in: image, page: page)
      #expect(ink.x < 0.35 && ink.y > 0.6, "\(mark) at \(ink)")
    }
  }

  /// The face of the first glyph run of a page.
  private func face(_ page: Page) throws -> FontReference {
    try #require(page.lines.first?.runs.first).font
  }

  @Test func japaneseIsSetInTheJapaneseCutAndKoreanInTheKoreanOne() throws {
    // 骨 and 直 are drawn differently in Japan and in mainland China.
    let (japanese, japanesePage) = try render("骨直。", language: "ja")
    let (chinese, chinesePage) = try render("骨直。", language: "zh-Hans")
    let (_, koreanPage) = try render("骨直。", language: "ko")
    let faces = try [japanesePage, chinesePage, koreanPage].map(face)
    #expect(Set(faces).count == 3)
    #expect(faces.allSatisfy { $0.path.contains("NotoSerifCJK") })
    #expect(japanese.pixels != chinese.pixels)
    // Japanese sets 。 low at the left, as Simplified Chinese does.
    let ink = try inkCentre(of: 2, in: japanese, page: japanesePage)
    #expect(ink.x < 0.35 && ink.y > 0.6, "。 at \(ink)")
    let fonts = try FontContext()
    let request = FontRequest(TextAttributes(), language: "ja")
    #expect(fonts.family(for: request) == "Noto Serif CJK JP")
  }

  @Test func aJapaneseRunInAChineseParagraphTakesTheJapaneseFace() throws {
    var style = ParagraphStyle()
    style.language = "zh-Hans"
    var builder = StyledTextBuilder()
    builder.beginParagraph(style)
    builder.append("中文", TextAttributes())
    var japanese = TextAttributes()
    japanese.language = "ja"
    builder.append("日本語", japanese)
    builder.endParagraph()
    let styled = builder.build()
    let fonts = try FontContext()
    let container = TextContainer(width: 600, height: 200, margins: EdgeInsets(all: 0))
    let page = try #require(
      Paginator(text: styled, container: container, settings: LayoutSettings(), fonts: fonts)
        .page(at: 0))
    let (_, japanesePage) = try render("日本語", language: "ja")
    let runs = try #require(page.lines.first).runs
    let japaneseRun = try #require(runs.first { $0.range.contains(2) })
    #expect(japaneseRun.font == (try face(japanesePage)))
    #expect(runs.first { $0.range.contains(0) }?.font != japaneseRun.font)
  }

  @Test func aReadersCJKFaceIsTakenInTheParagraphsRegion() throws {
    let fonts = try FontContext(bodyFamily: "Noto Sans CJK")
    #expect(
      fonts.family(for: FontRequest(TextAttributes(), language: "zh-TW")) == "Noto Sans CJK TC")
    #expect(
      fonts.family(for: FontRequest(TextAttributes(), language: "ja-JP")) == "Noto Sans CJK JP")
    #expect(fonts.family(for: FontRequest(TextAttributes(), language: "en")) == "Noto Sans CJK SC")
    var sans = TextAttributes()
    sans.fontFamily = .sansSerif
    #expect(
      try FontContext().family(for: FontRequest(sans, language: "zh-Hant")) == "Noto Sans CJK TC")
  }
}
