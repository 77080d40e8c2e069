import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// The HUD's labels, its drawn parts and the regions a front end hit-tests.
@Suite struct HUDTests {
  let fonts: FontContext
  let page: Page
  let renderer: PageRenderer

  init() throws {
    fonts = try FontContext()
    page = try SamplePage.page(fonts: fonts)
    renderer = try SamplePage.renderer(fonts: fonts)
  }

  @Test func labelsSayAboutWhileEstimating() {
    var hud = SamplePage.hud()
    #expect(hud.pageLabel == "12 / about 240")
    #expect(hud.percentLabel == "5%")
    #expect(hud.timeLeftLabel == "7 min left in chapter")
    hud.isPageCountEstimated = false
    hud.progression = 0.999
    hud.minutesLeftInChapter = 75
    #expect(hud.pageLabel == "12 / 240")
    #expect(hud.percentLabel == "99%")
    #expect(hud.timeLeftLabel == "1 h 15 min left in chapter")
  }

  @Test func progressBarShowsTheReadPart() throws {
    var hud = SamplePage.hud()
    hud.progression = 0.25
    let rendered = renderer.render(page, theme: .day, hud: hud)
    let bar = try #require(rendered.hudRegions.first { $0.kind == .progressBar }).frame
    let y = Int(bar.y + 1)
    let image = rendered.image
    func colour(_ x: Int) -> [UInt8] {
      Array(image.pixels[image.index(x: x, y: y)..<image.index(x: x, y: y) + 3])
    }
    let accent = [Theme.day.accent.red, Theme.day.accent.green, Theme.day.accent.blue]
    let track = [Theme.day.track.red, Theme.day.track.green, Theme.day.track.blue]
    #expect(colour(10) == accent && colour(Int(bar.width * 0.24)) == accent)
    #expect(colour(Int(bar.width * 0.26)) == track && colour(Int(bar.width) - 2) == track)
  }

  @Test func headerAndFooterAreDrawnInTheMargins() throws {
    let plain = renderer.render(page, theme: .day).image
    let rendered = renderer.render(page, theme: .day, hud: SamplePage.hud())
    let header = try #require(rendered.hudRegions.first { $0.kind == .header }).frame
    let footer = try #require(rendered.hudRegions.first { $0.kind == .footer }).frame
    #expect(header.maxY <= page.lines.first!.frame.y)
    func changed(_ rect: Rect) -> Int {
      var n = 0
      for y in Int(rect.y)..<Int(rect.maxY) {
        for x in Int(rect.x)..<Int(rect.maxX) {
          let i = plain.index(x: x, y: y)
          if plain.pixels[i] != rendered.image.pixels[i] { n += 1 }
        }
      }
      return n
    }
    // Text on the left and right of both bands.
    for band in [header, footer] {
      #expect(changed(Rect(x: 0, y: band.y, width: 150, height: band.height)) > 50)
      #expect(changed(Rect(x: 270, y: band.y, width: 150, height: band.height)) > 50)
    }
  }

  @Test func overlayReturnsItsControls() throws {
    let rendered = renderer.render(page, theme: .sepia, hud: SamplePage.hud(overlay: true))
    let kinds = rendered.hudRegions.map(\.kind)
    #expect(kinds == [.progressBar, .slider, .tableOfContents, .bookmark, .settings])
    let slider = rendered.hudRegions[1]
    #expect(slider.progression(atX: slider.frame.x) == 0)
    #expect(abs(slider.progression(atX: slider.frame.x + slider.frame.width / 2) - 0.5) < 1e-9)
    #expect(slider.progression(atX: 10_000) == 1)
    let buttons = rendered.hudRegions.suffix(3).map(\.frame)
    #expect(buttons[0].maxX < buttons[1].x && buttons[1].maxX < buttons[2].x)
    let middle = Point(x: buttons[1].x + buttons[1].width / 2, y: buttons[1].y + 5)
    #expect(rendered.hudRegion(at: middle)?.kind == .bookmark)
    #expect(rendered.hudRegion(at: Point(x: 200, y: 300)) == nil)
  }

  @Test func longTitlesAreCutWithAnEllipsis() throws {
    let typesetter = HUDTypesetter(fonts: fonts)
    let long = String(repeating: "A very long chapter title ", count: 6)
    let line = typesetter.line(long, size: 12, width: 150, alignment: .left, language: "en")
    let glyphs = line.runs.reduce(0) { $0 + $1.glyphs.count }
    #expect(glyphs > 5 && glyphs < 40)
    let right = line.runs.flatMap(\.positions).map(\.x).max() ?? 0
    #expect(right < 150)
    let short = typesetter.line(
      "Chapter 2", size: 12, width: 150, alignment: .right, language: "en")
    // Spaces are glue, not glyphs.
    #expect(short.runs.reduce(0) { $0 + $1.glyphs.count } == 8)
    #expect((short.runs.first?.positions.first?.x ?? 0) > 80)
  }
}

/// The HUD is the interface's, left to right, in a right-to-left book too: "5 / 51" and
/// "4 min left in chapter" read as they are written, and an Arabic title in it is set
/// right to left.
@Suite struct HUDDirectionTests {
  /// The clusters of a laid-out line, in the order they are drawn from the left.
  static func visualClusters(_ line: HUDLine) -> [Int32] {
    line.runs.flatMap { run in zip(run.positions, run.clusters).map { ($0.x, $1) } }
      .sorted { $0.0 < $1.0 }.map(\.1)
  }

  @Test(arguments: ["ar", "he", "en"])
  func figuresKeepTheirOrderInARightToLeftBook(_ language: String) throws {
    let typesetter = HUDTypesetter(fonts: try FontContext())
    let label = typesetter.line(
      "5 / 51", size: 14, width: 300, alignment: .left, language: language)
    // "5", " ", "/", " ", "5", "1" from left to right (spaces draw no glyph in some faces).
    let order = Self.visualClusters(label).filter { [0, 2, 4, 5].contains($0) }
    #expect(order == [0, 2, 4, 5])
    let left = typesetter.line(
      "4 min left in chapter", size: 14, width: 300, alignment: .right, language: language)
    let clusters = Self.visualClusters(left)
    #expect(clusters.first == 0 && clusters == clusters.sorted(), "\(clusters)")
  }

  @Test func anArabicTitleInTheHUDReadsRightToLeft() throws {
    let typesetter = HUDTypesetter(fonts: try FontContext())
    // "Chapter 1: " then two Arabic words.
    let title = "Chapter 1: نظام غذائي"
    let line = typesetter.line(title, size: 14, width: 400, alignment: .left, language: "ar")
    let clusters = Self.visualClusters(line)
    let latin = clusters.filter { $0 < 11 }
    let arabic = clusters.filter { $0 >= 11 }
    #expect(latin == latin.sorted(), "the interface's words left to right")
    #expect(arabic.first! > arabic.last!, "the Arabic title right to left: \(arabic)")
    #expect(clusters.firstIndex(of: latin.last!)! < clusters.firstIndex(of: arabic.first!)!)
  }
}
