/// Figures about a pagination: quality of the lines and the shape cache's work.
public struct PaginationStatistics: Hashable, Sendable {
  public var lines = 0
  public var justifiedLines = 0
  public var hyphenatedLines = 0
  /// Sum of |r| over justified lines, for the mean.
  public var totalAdjustment = 0.0
  /// Largest |r| of a justified line.
  public var maxAdjustment = 0.0
  /// Justified lines with |r| > 1: spaces stretched or shrunk past what they allow.
  public var looseLines = 0
  /// Lines of justified paragraphs that needed |r| > 3 (`loosestRatio`), which are set
  /// ragged instead, and those of them in paragraphs that could do without: some breaking
  /// of the paragraph at that width keeps every justified line within 3
  /// (`leastWorstRatio`). Those should never happen.
  public var veryLooseLines = 0
  public var avoidableVeryLooseLines = 0
  /// Paragraphs broken greedily because they were too long for total fit.
  public var greedyParagraphs = 0
  public var shapeCacheHits = 0
  public var shapeCacheLookups = 0
  /// Seconds spent analysing and shaping paragraphs into line items.
  public var shapeSeconds = 0.0
  /// Seconds spent choosing line breaks.
  public var breakSeconds = 0.0
  /// Seconds spent positioning glyphs and filling pages.
  public var fillSeconds = 0.0

  /// Creates empty statistics.
  public init() {}

  /// Adds another pagination's figures (chapters of one book); cache counters are the
  /// latest, since the cache is shared.
  public mutating func add(_ other: PaginationStatistics) {
    lines += other.lines
    justifiedLines += other.justifiedLines
    hyphenatedLines += other.hyphenatedLines
    totalAdjustment += other.totalAdjustment
    maxAdjustment = max(maxAdjustment, other.maxAdjustment)
    looseLines += other.looseLines
    veryLooseLines += other.veryLooseLines
    avoidableVeryLooseLines += other.avoidableVeryLooseLines
    greedyParagraphs += other.greedyParagraphs
    shapeCacheHits = other.shapeCacheHits
    shapeCacheLookups = other.shapeCacheLookups
    shapeSeconds += other.shapeSeconds
    breakSeconds += other.breakSeconds
    fillSeconds += other.fillSeconds
  }

  /// Mean |r| of justified lines.
  public var meanAdjustment: Double {
    justifiedLines == 0 ? 0 : totalAdjustment / Double(justifiedLines)
  }

  /// The share of justified lines with |r| > 1.
  public var looseShare: Double {
    justifiedLines == 0 ? 0 : Double(looseLines) / Double(justifiedLines)
  }

  /// The |r| past which a justified line counts as very loose.
  public static let loosestRatio = KnuthPlass.loosestRatio

  /// Shape-cache hits ÷ lookups.
  public var shapeCacheHitRate: Double {
    shapeCacheLookups == 0 ? 0 : Double(shapeCacheHits) / Double(shapeCacheLookups)
  }

  mutating func record(_ line: Line) {
    lines += 1
    if line.isHyphenated { hyphenatedLines += 1 }
    if line.isJustified {
      justifiedLines += 1
      totalAdjustment += abs(line.adjustmentRatio)
      maxAdjustment = max(maxAdjustment, abs(line.adjustmentRatio))
      if abs(line.adjustmentRatio) > 1 { looseLines += 1 }
    } else if line.adjustmentRatio > KnuthPlass.loosestRatio {
      // Too loose to justify: set ragged (`finalize`).
      veryLooseLines += 1
    }
  }
}
