import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// Vertical pages as a Japanese reader sees them, from the fixture `epub/botchan-vertical`
/// (the opening of 坊っちゃん, `writing-mode: vertical-rl`) in Noto Serif CJK JP.
@Suite struct VerticalPageRenderingTests {
  static let book = Corpus.fixtures + "/epub/botchan-vertical"
  /// fonts-noto-cjk's Mincho, regular and bold (the heading).
  static let mincho: Set<String> = [
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc",
  ]
  static let em = 18.0

  private struct Rendered {
    var image: RGBAImage
    var page: Page
    var units: [UInt16]
    var fonts: FontContext
  }

  /// Page `index` of the fixture at 360 × 480 px, 18 px type, rendered; with `showing`,
  /// the page that shows that text instead.
  private func render(
    _ index: Int, showing: String? = nil, decorations: PageDecorations = PageDecorations()
  ) throws -> Rendered {
    let text = try Book.open(Self.book).text(ofChapter: 0)
    let fonts = try FontContext()
    let container = TextContainer(width: 360, height: 480, margins: EdgeInsets(all: 28))
    let settings = LayoutSettings(fontSize: Self.em, language: "ja")
    let paginator = Paginator(
      text: text, container: container, settings: settings, fonts: fonts)
    var page = try #require(paginator.page(at: index))
    if let showing, let found = text.string.range(of: showing) {
      let offset = text.string.utf16.distance(
        from: text.string.utf16.startIndex, to: found.lowerBound)
      page = try #require(paginator.page(containing: offset))
    }
    let faces = Set(page.lines.flatMap { $0.runs.map(\.font.path) })
    try #require(
      faces.isSubset(of: Self.mincho), "vertical pages need fonts-noto-cjk's Mincho; got \(faces)")
    let renderer = try PageRenderer(resources: { _ in throw Missing.picture }, fonts: fonts)
    let image = renderer.render(page, text: text, decorations: decorations).image
    return Rendered(image: image, page: page, units: text.displayUnits, fonts: fonts)
  }

  private enum Missing: Error { case picture }

  /// The ink of `image` inside `box`: its bounding box, nil when blank.
  private func ink(in image: RGBAImage, _ box: Rect) -> Rect? {
    var found: (x0: Int, y0: Int, x1: Int, y1: Int)?
    for y in max(0, Int(box.y))..<min(image.height, Int(box.maxY)) {
      for x in max(0, Int(box.x))..<min(image.width, Int(box.maxX)) {
        guard image.pixels[image.index(x: x, y: y)] < 200 else { continue }
        found =
          found.map { (min($0.x0, x), min($0.y0, y), max($0.x1, x), max($0.y1, y)) }
          ?? (x, y, x, y)
      }
    }
    return found.map {
      Rect(
        x: Double($0.x0), y: Double($0.y0), width: Double($0.x1 - $0.x0 + 1),
        height: Double($0.y1 - $0.y0 + 1))
    }
  }

  /// Every pen of `character` on the page: the top of its em box on the centre line.
  private func pens(of character: Character, in rendered: Rendered) -> [GlyphPosition] {
    let unit = character.utf16.first!
    return rendered.page.lines.flatMap(\.runs).flatMap { run in
      run.glyphs.indices.filter { rendered.units[Int(run.clusters[$0])] == unit }
        .map { run.positions[$0] }
    }
  }

  @Test func fullStopsAndCommasSitInTheTopRightOfTheirEmBox() throws {
    let rendered = try render(0)
    for character: Character in ["。", "、"] {
      let pens = pens(of: character, in: rendered)
      #expect(pens.count >= 3, "the page shows several \(character)")
      for pen in pens {
        let box = Rect(
          x: Double(pen.x) - Self.em / 2, y: Double(pen.y), width: Self.em, height: Self.em)
        guard let mark = ink(in: rendered.image, box) else {
          Issue.record("\(character) at \(pen) has no ink in its em box")
          continue
        }
        // Wholly in the top-right quarter of its em box (a pixel of antialiasing aside).
        #expect(mark.x >= box.x + Self.em / 2 - 1, "\(character) at \(pen) is in the right half")
        #expect(mark.maxY <= box.y + Self.em / 2 + 1, "\(character) at \(pen) is in the top half")
      }
    }
  }

  @Test func aTurnedLatinWordIsTallerThanItIsWide() throws {
    let rendered = try render(0, showing: "Botchan")
    let pens = pens(of: "B", in: rendered)
    let pen = try #require(pens.first, "page 2 shows Botchan")
    // The column of "Botchan" from its B down 3.5 em: letters laid on their side.
    let column = Rect(
      x: Double(pen.x) - Self.em, y: Double(pen.y), width: Self.em * 2, height: Self.em * 3.5)
    let drawn = ink(in: rendered.image, column)
    let word = try #require(drawn, "Botchan is drawn")
    #expect(word.height > word.width * 2.5, "Botchan runs down the column, not across it")
  }

  @Test func aVerticalPageLooksAsItDid() throws {
    let rendered = try render(0, showing: "Botchan")
    try GoldenImage.check(rendered.image, named: "vertical-botchan")
  }

  /// 红楼梦's opening (in `language`'s characters) set vertically at the reader's request
  /// (`writingMode`) on a 360 × 480 page, rendered.
  private func chinesePage(_ language: String) throws -> (rendered: Rendered, text: StyledText) {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.language = language
    style.firstLineIndent = 2
    builder.beginParagraph(style)
    builder.append(
      language == "zh-Hant"
        ? "此開卷第一回也。作者自云：因曾歷過一番夢幻之後，故將真事隱去，而借「通靈」之說，撰此《石頭記》"
          + "一書也。故曰「甄士隱」云云。但書中所記何事何人？自又云：「今風塵碌碌，一事無成，忽念及當日所有"
          + "之女子，一一細考較去，覺其行止見識，皆出於我之上。何我堂堂鬚眉，誠不若彼裙釵哉？實愧則有餘；"
          + "悔又無益之大無可如何之日也！」"
        : "此开卷第一回也。作者自云：因曾历过一番梦幻之后，故将真事隐去，而借“通灵”之说，撰此《石头记》"
          + "一书也。故曰“甄士隐”云云。但书中所记何事何人？自又云：“今风尘碌碌，一事无成，忽念及当日所有"
          + "之女子，一一细考较去，觉其行止见识，皆出于我之上。何我堂堂须眉，诚不若彼裙钗哉？实愧则有余，"
          + "悔又无益之大无可如何之日也！”", TextAttributes())
    builder.endParagraph()
    let text = builder.build()
    let fonts = try FontContext()
    var settings = LayoutSettings(fontSize: Self.em, language: language)
    settings.writingMode = .vertical
    let container = TextContainer(width: 360, height: 480, margins: EdgeInsets(all: 28))
    let page = try #require(
      Paginator(text: text, container: container, settings: settings, fonts: fonts).page(at: 0))
    #expect(
      page.lines.count >= 6 && page.lines.allSatisfy(\.isVertical), "\(page.lines.count) columns")
    let faces = Set(page.lines.flatMap { $0.runs.map(\.font.path) })
    try #require(faces.isSubset(of: Self.mincho), "Noto Serif CJK, got \(faces)")
    let renderer = try PageRenderer(resources: { _ in throw Missing.picture }, fonts: fonts)
    let image = renderer.render(page, text: text).image
    return (Rendered(image: image, page: page, units: text.displayUnits, fonts: fonts), text)
  }

  /// A horizontal Chinese text set vertically at the reader's request (`writingMode`):
  /// 红楼梦's opening in Noto Serif CJK SC, “” as corner brackets, 《》 turned.
  @Test func aChinesePageSetVerticallyLooksAsItDid() throws {
    try GoldenImage.check(chinesePage("zh-Hans").rendered.image, named: "vertical-chinese")
  }

  /// Vertical Chinese punctuation, judged from the ink inside each mark's em box. Simplified
  /// Chinese (GB/T 15834: in vertical text these marks stand "below the character, to the
  /// right"): ，。：in the top right, ？ right of the centre line. Traditional Chinese
  /// (Taiwan's and Hong Kong's practice): every one of them centred in its box. In both,
  /// ：stands one dot over the other, never side by side, and ？ is upright.
  @Test(arguments: ["zh-Hans", "zh-Hant"])
  func chinesePunctuationTakesItsVerticalPlace(_ language: String) throws {
    let rendered = try chinesePage(language).rendered
    let traditional = language == "zh-Hant"
    for character: Character in ["，", "。", "：", "？"] {
      let pens = pens(of: character, in: rendered)
      #expect(!pens.isEmpty, "the page shows \(character)")
      for pen in pens {
        let box = Rect(
          x: Double(pen.x) - Self.em / 2, y: Double(pen.y), width: Self.em, height: Self.em)
        guard let mark = ink(in: rendered.image, box) else {
          Issue.record("\(character) at \(pen) has no ink in its em box")
          continue
        }
        let across = (mark.x + mark.width / 2 - box.x) / Self.em
        let down = (mark.y + mark.height / 2 - box.y) / Self.em
        let place = "\(language) \(character) at \(pen): ink centre \(across), \(down) em"
        if traditional {
          #expect(abs(across - 0.5) < 0.2 && abs(down - 0.5) < 0.2, "centred: \(place)")
        } else if character == "？" {
          #expect(across > 0.6, "right of the centre line: \(place)")
        } else {
          #expect(across > 0.6 && down < 0.45, "top right: \(place)")
        }
        if character == "：" {
          #expect(mark.height > mark.width * 1.5, "dots one over the other: \(place)")
        } else if character == "？" {
          #expect(mark.height > mark.width, "upright: \(place)")
        }
      }
    }
  }

  /// The opening page: ruby right of its bases, sesame dots beside 無闇.
  @Test func theOpeningPageWithRubyLooksAsItDid() throws {
    let rendered = try render(0)
    try GoldenImage.check(rendered.image, named: "vertical-botchan-ruby")
  }

  /// The em box of the first glyph drawn for chapter offset `offset`: the pen is its top
  /// on the column's centre line.
  private func box(at offset: Int, in rendered: Rendered) -> Rect? {
    for run in rendered.page.lines.flatMap(\.runs) {
      if let g = run.clusters.firstIndex(of: Int32(offset)) {
        let pen = run.positions[g]
        return Rect(
          x: Double(pen.x) - run.size / 2, y: Double(pen.y), width: run.size, height: run.size)
      }
    }
    return nil
  }

  private func offset(of text: String, in rendered: Rendered) throws -> Int {
    let chapter = String(decoding: rendered.units, as: UTF16.self)
    let found = try #require(chapter.range(of: text), "the chapter has \(text)")
    return chapter.utf16.distance(from: chapter.utf16.startIndex, to: found.lowerBound)
  }

  /// JLREQ §3.3: in vertical text the reading stands to the right of its base, at half
  /// size, upright (its small っ in its vertical form), centred along the base.
  @Test func rubyStandsUprightToTheRightOfItsBase() throws {
    let rendered = try render(0)
    let line = try #require(rendered.page.lines.first { !$0.annotations.isEmpty })
    for (text, reading) in [("親譲", 4), ("無鉄砲", 5), ("小供", 3)] {
      let start = try offset(of: text, in: rendered)
      let run = try #require(
        line.annotations.first { $0.range == start..<(start + text.utf16.count) }, "\(text)")
      let first = try #require(box(at: start, in: rendered))
      let last = try #require(box(at: start + text.utf16.count - 1, in: rendered))
      #expect(run.glyphs.count == reading)
      #expect(run.size == Self.em / 2)
      // Down the column, one under the other, and centred along the base within a pixel.
      let tops = run.positions.map { Double($0.y) }
      #expect(zip(tops, tops.dropFirst()).allSatisfy { $1 > $0 })
      let middle = (tops.first! + tops.last! + run.size) / 2
      #expect(abs(middle - (first.y + last.maxY) / 2) <= 1, "\(text): \(middle)")
      // Its ink lies right of the base's em box and inside the column's frame.
      let span = Rect(
        x: first.maxX, y: tops.first!, width: line.frame.maxX - first.maxX,
        height: tops.last! + run.size - tops.first!)
      let ink = try #require(self.ink(in: rendered.image, span), "\(text)'s reading is drawn")
      #expect(ink.x >= first.maxX - 1 && ink.maxX <= first.maxX + run.size + 1)
      #expect(ink.width <= run.size + 1, "upright kana are half an em wide")
    }
    // っ of むてっぽう in its vertical form: not the glyph a horizontal line takes.
    let fonts = rendered.fonts
    let start = try offset(of: "無鉄砲", in: rendered)
    let reading = try #require(line.annotations.first { $0.range.lowerBound == start })
    let face = try #require(fonts.font(of: reading.font))
    var horizontal: [StoredGlyph] = []
    Array("むてっぽう".utf16).withUnsafeBufferPointer {
      fonts.shape($0, font: face, features: 0, language: "ja", into: &horizontal)
    }
    #expect(reading.glyphs[2] != horizontal[2].id)
  }

  /// Sesame dots (`text-emphasis: filled sesame`) stand right of each marked character,
  /// centred along it.
  @Test func emphasisMarksStandRightOfEachCharacter() throws {
    let rendered = try render(0)
    let start = try offset(of: "無闇", in: rendered)
    let marks = rendered.page.lines.flatMap(\.annotations).filter {
      $0.range.lowerBound >= start && $0.range.upperBound <= start + 2
    }
    #expect(marks.count == 2)
    for mark in marks {
      let base = try #require(box(at: mark.range.lowerBound, in: rendered))
      let top = Double(try #require(mark.positions.first).y)
      #expect(abs(top + mark.size / 2 - (base.y + base.height / 2)) <= 1, "centred along \(base)")
      let span = Rect(x: base.maxX, y: base.y, width: mark.size + 2, height: base.height)
      let ink = try #require(self.ink(in: rendered.image, span), "the mark is drawn")
      #expect(
        ink.x >= base.maxX - 1 && ink.y + ink.height / 2 > base.y
          && ink.y + ink.height / 2 < base.maxY)
    }
  }

  @Test func aSearchMatchIsMarkedDownItsColumn() throws {
    let plain = try render(0)
    let chapter = String(decoding: plain.units, as: UTF16.self)
    // A word without ruby: a column with readings is wider.
    let range = try #require(chapter.range(of: "小学校"))
    let start = chapter.utf16.distance(from: chapter.utf16.startIndex, to: range.lowerBound)
    let marked = try render(0, decorations: PageDecorations(searchMatches: [start..<start + 3]))
    var changed: (x0: Int, y0: Int, x1: Int, y1: Int)?
    for y in 0..<plain.image.height {
      for x in 0..<plain.image.width
      where plain.image.pixels[plain.image.index(x: x, y: y) + 2]
        != marked.image.pixels[marked.image.index(x: x, y: y) + 2]
      {
        changed =
          changed.map { (min($0.x0, x), min($0.y0, y), max($0.x1, x), max($0.y1, y)) }
          ?? (x, y, x, y)
      }
    }
    let band = try #require(changed, "the match is marked")
    #expect(band.y1 - band.y0 > 2 * (band.x1 - band.x0), "a band down the column, three ems tall")
    #expect(Double(band.y1 - band.y0) >= Self.em * 3 - 2)
  }
}
