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

  @Test func anOverfullBoxStillBreaks() {
    let list = items([30, 500, 30])
    let breaks = breakLinesTotalFit(list, widths: LineWidths(first: [], rest: 100))
    #expect(breaks.count == 3)
    #expect(breaks.last?.item == list.count - 1)
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
