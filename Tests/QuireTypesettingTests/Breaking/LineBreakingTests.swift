import QuireBook
import Testing

@testable import QuireTypesetting

@Suite struct LineBreakingTests {
  /// Words of given widths separated by spaces of width 3 (stretch 1.5, shrink 1).
  private func items(_ widths: [Double]) -> [LineItem] {
    var items: [LineItem] = []
    for (i, width) in widths.enumerated() {
      if i > 0 { items.append(.glue(3, stretch: 1.5, shrink: 1, offset: i)) }
      items.append(.box(width, offset: i, piece: -1))
    }
    items.append(.penalty(KnuthPlass.infinitePenalty, offset: widths.count))
    items.append(.glue(0, stretch: KnuthPlass.fillStretch, shrink: 0, offset: widths.count))
    items.append(.penalty(-KnuthPlass.infinitePenalty, offset: widths.count))
    return items
  }

  @Test func bothBreakersEndAtTheForcedBreakAndFitTheMeasure() {
    let words: [Double] = [20, 35, 12, 40, 18, 25, 30, 8, 22, 45, 16, 28, 33, 10, 27, 19]
    let list = items(words)
    for breaks in [
      breakLinesTotalFit(list, widths: LineWidths(first: [], rest: 100)),
      breakLinesFirstFit(list, widths: LineWidths(first: [], rest: 100)),
    ] {
      #expect(breaks.last?.item == list.count - 1)
      #expect(breaks.dropLast().allSatisfy { $0.ratio >= -1 })
    }
  }

  @Test func totalFitUsesVaryingWidths() {
    let list = items(Array(repeating: 20, count: 30))
    let breaks = breakLinesTotalFit(list, widths: LineWidths(first: [46, 46], rest: 200))
    // The first two lines hold two words each, the rest up to eight.
    #expect(breaks.count >= 5)
    #expect(breaks[0].item == 3)
  }

  /// Paragraphs of words of random widths, some with hyphenation points, broken at many
  /// widths: the search that passes over breakpoints no line can reach yet and stops
  /// early finds the same breaks as the one rating every line that fits.
  @Test func prunedAndUnprunedSearchesBreakAlike() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for paragraph in 0..<40 {
      var list: [LineItem] = []
      for word in 0..<(20 + next(120)) {
        if word > 0 { list.append(.glue(4, stretch: 2, shrink: 1.3, offset: word)) }
        list.append(.box(Double(8 + next(50)), offset: word, piece: -1))
        if next(4) == 0 {
          list.append(.penalty(KnuthPlass.hyphenPenalty, width: 3, flagged: true, offset: word))
          list.append(.box(Double(5 + next(30)), offset: word, piece: -1))
        }
      }
      list.append(.penalty(KnuthPlass.infinitePenalty, offset: 0))
      list.append(.glue(0, stretch: KnuthPlass.fillStretch, shrink: 0, offset: 0))
      list.append(.penalty(-KnuthPlass.infinitePenalty, offset: 0))
      for width in stride(from: 60.0, through: 420, by: 40) {
        let widths = LineWidths(first: [width - Double(paragraph % 3) * 10], rest: width)
        let pruned = breakLinesTotalFit(list, widths: widths, prunes: true)
        let unpruned = breakLinesTotalFit(list, widths: widths, prunes: false)
        #expect(pruned.map(\.item) == unpruned.map(\.item), "paragraph \(paragraph) at \(width)")
        #expect(pruned.map(\.ratio) == unpruned.map(\.ratio))
      }
    }
  }

  @Test func anOverfullBoxStillBreaks() {
    let list = items([30, 500, 30])
    let breaks = breakLinesTotalFit(list, widths: LineWidths(first: [], rest: 100))
    #expect(breaks.count == 3)
    #expect(breaks.last?.item == list.count - 1)
  }

  /// `before` as one line, then `blanks` forced breaks in a row (`<br/>` after it, and
  /// one more per blank line), then the words of `after`.
  private func items(_ before: [Double], blanks: Int, _ after: [Double]) -> [LineItem] {
    var list = Array(items(before).dropLast(3))
    for _ in 0..<blanks {
      list.append(.penalty(KnuthPlass.infinitePenalty, offset: 0))
      list.append(.glue(0, stretch: KnuthPlass.fillStretch, shrink: 0, offset: 0))
      list.append(.penalty(-KnuthPlass.infinitePenalty, offset: 0))
    }
    return list + items(after)
  }

  @Test func aBlankLineLeavesTheLinesAfterItAsTheyAreAfterASingleBreak() {
    let after: [Double] = [20, 35, 12, 40, 18, 25, 30, 8, 22, 45, 16, 28, 33, 10, 27, 19, 31, 14]
    let single = items([30], blanks: 1, after)
    let blank = items([30], blanks: 2, after)
    let widths = LineWidths(first: [], rest: 100)
    let one = breakLinesTotalFit(single, widths: widths)
    let two = breakLinesTotalFit(blank, widths: widths)
    // The blank line is one more line, as loose as a ragged line: r = 0, not infinite.
    #expect(two.count == one.count + 1)
    #expect(two[1].ratio == 0)
    // Every line after it breaks at the same word with the same ratio.
    let shift = blank.count - single.count
    #expect(two.dropFirst(2).map { $0.item - shift } == one.dropFirst().map(\.item))
    #expect(two.dropFirst(2).map(\.ratio) == one.dropFirst().map(\.ratio))
  }

  @Test func aBlankLineInsideAParagraphSetsTheTextAfterItAsAfterOneBreak() throws {
    // `short<br/><br/>long`: the long text after the blank line must get the lines it
    // gets after a single `<br/>`, not looser ones with a needless hyphen.
    let long =
      "It was in July, 1805, and the speaker was the well-known Anna Pávlovna Schérer, maid "
      + "of honor and favorite of the Empress Márya Fëdorovna. With these words she greeted "
      + "Prince Vasíli Kurágin, a man of high rank and importance, who was the first to "
      + "arrive at her reception."
    func lines(blanks: Int) throws -> [Line] {
      var builder = StyledTextBuilder()
      builder.beginParagraph(ParagraphStyle())
      builder.append("Short." + String(repeating: "\u{2028}", count: blanks) + long)
      builder.endParagraph()
      let page = try #require(
        try Paginator(text: builder.build(), container: TestText.page, fonts: FontContext())
          .page(at: 0))
      return page.lines
    }
    let one = try lines(blanks: 1)
    let two = try lines(blanks: 2)
    try #require(one.count >= 4)
    #expect(two.count == one.count + 1)
    let after = Array(two.dropFirst(2))
    // The same ratios, but for the rounding of running sums that start elsewhere.
    for (line, alone) in zip(after, one.dropFirst()) {
      #expect(abs(line.adjustmentRatio - alone.adjustmentRatio) < 1e-6)
    }
    #expect(after.map(\.isHyphenated) == one.dropFirst().map(\.isHyphenated))
    #expect(after.map { $0.range.count } == one.dropFirst().map { $0.range.count })
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func totalFitHasLooserWorstLineThanGreedyOnAKnownParagraph() throws {
    let paragraphs = try TestText.paragraphs(
      ofFile: Corpus.path("txt/en/pride-and-prejudice_pg1342_utf8.txt"))
    // The long opening paragraphs of the novel's chapters: plenty of lines to compare.
    let sample = Array(paragraphs.filter { $0.count > 600 }.prefix(20))
    let text = TestText.styled(sample, language: "en-US")
    let fonts = try FontContext()
    var greedySettings = LayoutSettings()
    greedySettings.lineBreaking = .firstFit
    let totalFit = Paginator(text: text, container: TestText.page, fonts: fonts)
    let greedy = Paginator(
      text: text, container: TestText.page, settings: greedySettings, fonts: fonts)
    _ = totalFit.paginateAll()
    _ = greedy.paginateAll()
    let best = totalFit.statistics
    let first = greedy.statistics
    #expect(best.maxAdjustment < first.maxAdjustment)
    #expect(best.meanAdjustment < first.meanAdjustment)
    #expect(best.maxAdjustment < 1.5)  // no very loose line (fitness class 3 starts at r > 1)
  }
}
