/// Figures about a pagination: quality of the lines and the shape cache's work.
public struct PaginationStatistics: Hashable, Sendable {
  public var lines = 0
  public var justifiedLines = 0
  public var hyphenatedLines = 0
  /// Sum of |r| over justified lines, for the mean.
  public var totalAdjustment = 0.0
  /// Largest |r| of a justified line.
  public var maxAdjustment = 0.0
  /// Paragraphs broken greedily because they were too long for total fit.
  public var greedyParagraphs = 0
  public var shapeCacheHits = 0
  public var shapeCacheLookups = 0

  /// Mean |r| of justified lines.
  public var meanAdjustment: Double {
    justifiedLines == 0 ? 0 : totalAdjustment / Double(justifiedLines)
  }

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
    }
  }
}
