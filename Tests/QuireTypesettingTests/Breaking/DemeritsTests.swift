import Testing

@testable import QuireTypesetting

/// Knuth–Plass's demerits, checked against an independent reference: a dynamic program
/// over every feasible breaking of small paragraphs (break position × fitness class of
/// the line ending there), with the textbook costs — (line penalty + badness)², the
/// break's penalty squared, the flagged demerits for two hyphens in a row and the fitness
/// demerits for adjacent lines more than one class apart.
@Suite struct DemeritsTests {
  /// A paragraph of words (some hyphenatable into two syllables), spaces of width 4
  /// (stretch 2, shrink 1.3), ending with the usual fill and forced break.
  private static func paragraph(_ random: inout SplitMix) -> [LineItem] {
    var items: [LineItem] = []
    let words = 14 + Int(random.next() % 10)
    for index in 0..<words {
      if index > 0 { items.append(.glue(4, stretch: 2, shrink: 1.3, offset: index)) }
      let width = 10 + Double(random.next() % 31)
      if width > 24, random.next() % 3 != 0 {
        let first = (width * 0.4).rounded()
        items.append(.box(first, offset: index, piece: -1))
        items.append(
          .penalty(KnuthPlass.hyphenPenalty, width: 3, flagged: true, offset: index))
        items.append(.box(width - first, offset: index, piece: -1))
      } else {
        items.append(.box(width, offset: index, piece: -1))
      }
    }
    items.append(.penalty(KnuthPlass.infinitePenalty, offset: words))
    items.append(.glue(0, stretch: KnuthPlass.fillStretch, shrink: 0, offset: words))
    items.append(.penalty(-KnuthPlass.infinitePenalty, offset: words))
    return items
  }

  /// The ways the reference may be told to cost a breaking.
  private struct Costs {
    var flagged = KnuthPlass.flaggedDemerits
    var fitness = KnuthPlass.fitnessDemerits
  }

  /// One line from after the break at `from` (-1: the start) to the break at `to`:
  /// its adjustment ratio, or nil when it cannot be set (overfull past its shrink).
  private static func ratio(_ items: [LineItem], from: Int, to: Int, width: Double) -> Double? {
    var start = from + 1
    while start < to, items[start].kind != .box { start += 1 }
    var natural = 0.0
    var stretch = 0.0
    var shrink = 0.0
    for item in items[start..<to] where item.kind != .penalty {
      natural += item.width
      stretch += item.stretch
      shrink += item.shrink
    }
    if items[to].kind == .penalty { natural += items[to].width }
    if natural < width { return stretch > 0 ? (width - natural) / stretch : nil }
    if natural > width { return shrink > 0 ? (width - natural) / shrink : nil }
    return 0
  }

  private static func fitness(_ ratio: Double) -> Int {
    ratio < -0.5 ? 0 : ratio <= 0.5 ? 1 : ratio <= 1 ? 2 : 3
  }

  /// The cost of the line from `from` to `to` after a line of class `previous`, or nil
  /// when the first pass would not take it (badness past the tolerance).
  private static func cost(
    _ items: [LineItem], from: Int, to: Int, previous: Int, width: Double, costs: Costs
  ) -> (demerits: Double, fitness: Int)? {
    guard let r = ratio(items, from: from, to: to, width: width), r >= -1 else { return nil }
    let badness = 100 * abs(r * r * r)
    guard badness <= KnuthPlass.tolerance else { return nil }
    let item = items[to]
    var demerits = (KnuthPlass.linePenalty + badness) * (KnuthPlass.linePenalty + badness)
    if item.kind == .penalty, item.penalty > -KnuthPlass.infinitePenalty {
      demerits += item.penalty >= 0 ? item.penalty * item.penalty : -item.penalty * item.penalty
    }
    if item.isFlagged, from >= 0, items[from].isFlagged { demerits += costs.flagged }
    let fitness = fitness(r)
    if abs(fitness - previous) > 1 { demerits += costs.fitness }
    return (demerits, fitness)
  }

  /// Legal breakpoints: glue after a box, and penalties below infinity.
  private static func breakpoints(_ items: [LineItem]) -> [Int] {
    items.indices.filter { index in
      let item = items[index]
      switch item.kind {
      case .glue: return index > 0 && items[index - 1].kind == .box
      case .penalty: return item.penalty < KnuthPlass.infinitePenalty
      case .box: return false
      }
    }
  }

  /// The least total demerits of any first-pass breaking, by dynamic programming.
  private static func reference(_ items: [LineItem], width: Double, costs: Costs) -> Double? {
    var best: [Int: [Int: Double]] = [-1: [1: 0]]
    for to in breakpoints(items) {
      // No line of these paragraphs spans 60 items (ten words at the most).
      for (from, classes) in best where from < to && to - from < 60 {
        for (previous, demerits) in classes {
          guard
            let line = cost(
              items, from: from, to: to, previous: previous, width: width, costs: costs)
          else { continue }
          let total = demerits + line.demerits
          if total < best[to, default: [:]][line.fitness] ?? .infinity {
            best[to, default: [:]][line.fitness] = total
          }
        }
      }
    }
    return best[items.count - 1]?.values.min()
  }

  /// The total demerits of given breaks, by the same costs.
  private static func total(
    _ items: [LineItem], _ breaks: [LineBreak], width: Double, costs: Costs
  ) -> Double? {
    var from = -1
    var previous = 1
    var sum = 0.0
    for line in breaks {
      guard
        let cost = cost(
          items, from: from, to: line.item, previous: previous, width: width, costs: costs)
      else { return nil }
      sum += cost.demerits
      previous = cost.fitness
      from = line.item
    }
    return sum
  }

  @Test func totalFitFindsTheLeastDemeritsWithFlaggedAndFitnessCosts() {
    var random = SplitMix(seed: 42)
    var checked = 0
    var flaggedMatters = 0
    var fitnessMatters = 0
    for _ in 0..<150 {
      let items = Self.paragraph(&random)
      let width = 110 + Double(random.next() % 60)
      guard let least = Self.reference(items, width: width, costs: Costs()) else { continue }
      let breaks = breakLinesTotalFit(items, widths: LineWidths(first: [], rest: width))
      let found = Self.total(items, breaks, width: width, costs: Costs())
      #expect(found.map { abs($0 - least) <= 1e-6 * least } == true, "width \(width)")
      checked += 1
      // Each cost decides some paragraphs: without it, the best breaking is another.
      let withoutFlagged = Self.reference(items, width: width, costs: Costs(flagged: 0))!
      if withoutFlagged < least - 1e-6 * least { flaggedMatters += 1 }
      let withoutFitness = Self.reference(items, width: width, costs: Costs(fitness: 0))!
      if withoutFitness < least - 1e-6 * least { fitnessMatters += 1 }
    }
    #expect(checked >= 50)
    #expect(flaggedMatters >= 5, "the flagged demerits decided \(flaggedMatters) paragraphs")
    #expect(fitnessMatters >= 5, "the fitness demerits decided \(fitnessMatters) paragraphs")
  }
}
