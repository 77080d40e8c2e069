import Foundation
import QuireTypesetting

/// What `quire paginate` prints: pages per chapter, the total, and optionally statistics.
struct PaginationReport: Encodable {
  struct ChapterPages: Encodable {
    /// Chapter number from 1, as in `quire toc` and `quire cat --chapter`.
    var number: Int
    var title: String
    var pages: Int
  }

  /// Timings in milliseconds, shape-cache figures and line quality.
  struct Statistics: Encodable {
    var importMilliseconds: Double
    var shapeMilliseconds: Double
    var breakMilliseconds: Double
    var fillMilliseconds: Double
    var shapeCacheHits: Int
    var shapeCacheLookups: Int
    var shapeCacheHitRate: Double
    var lines: Int
    var justifiedLines: Int
    var meanAdjustmentRatio: Double
    var maxAdjustmentRatio: Double
    var hyphenatedLines: Int
    var greedyParagraphs: Int
    /// Justified lines with |r| > 1, and their share of the justified lines.
    var looseLines: Int
    var looseShare: Double
    /// Justified lines with |r| > 3, and those of them a better breaking would avoid.
    var veryLooseLines: Int
    var avoidableVeryLooseLines: Int

    init(_ statistics: PaginationStatistics, importSeconds: Double) {
      importMilliseconds = Self.rounded(importSeconds * 1000)
      shapeMilliseconds = Self.rounded(statistics.shapeSeconds * 1000)
      breakMilliseconds = Self.rounded(statistics.breakSeconds * 1000)
      fillMilliseconds = Self.rounded(statistics.fillSeconds * 1000)
      shapeCacheHits = statistics.shapeCacheHits
      shapeCacheLookups = statistics.shapeCacheLookups
      shapeCacheHitRate = Self.rounded(statistics.shapeCacheHitRate, places: 4)
      lines = statistics.lines
      justifiedLines = statistics.justifiedLines
      meanAdjustmentRatio = Self.rounded(statistics.meanAdjustment, places: 3)
      maxAdjustmentRatio = Self.rounded(statistics.maxAdjustment, places: 3)
      hyphenatedLines = statistics.hyphenatedLines
      greedyParagraphs = statistics.greedyParagraphs
      looseLines = statistics.looseLines
      looseShare = Self.rounded(statistics.looseShare, places: 4)
      veryLooseLines = statistics.veryLooseLines
      avoidableVeryLooseLines = statistics.avoidableVeryLooseLines
    }

    private static func rounded(_ value: Double, places: Int = 1) -> Double {
      let scale = pow(10, Double(places))
      return (value * scale).rounded() / scale
    }
  }

  var title: String
  var settings: PageOptions
  var chapters: [ChapterPages] = []
  var statistics: Statistics?
  /// `PageDigest` of every page, with `--digest`.
  var digest: String?
  /// Every line, with `--lines`.
  var lines: [LineRecord]?
  var pages: Int { chapters.reduce(0) { $0 + $1.pages } }

  init(title: String, settings: PageOptions, importSeconds: Double) {
    self.title = title
    self.settings = settings
  }

  private enum CodingKeys: String, CodingKey {
    case title, settings, chapters, statistics, pages, digest, lines
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encode(settings, forKey: .settings)
    try container.encode(chapters, forKey: .chapters)
    try container.encodeIfPresent(statistics, forKey: .statistics)
    try container.encode(pages, forKey: .pages)
    try container.encodeIfPresent(digest, forKey: .digest)
    try container.encodeIfPresent(lines, forKey: .lines)
  }

  /// The aligned text report.
  func text(showStatistics: Bool) -> String {
    var text = "\(title)\n\(settings.summary)\n\n"
    let digits = max(5, String(pages).count)
    text += "chapter  " + "pages".leftPadded(to: digits) + "  title\n"
    for chapter in chapters {
      text +=
        String(chapter.number).leftPadded(to: 7) + "  "
        + String(chapter.pages).leftPadded(to: digits) + "  " + chapter.title + "\n"
    }
    text +=
      "  total  " + String(pages).leftPadded(to: digits) + "  pages in \(chapters.count) chapters\n"
    if let digest { text += "  digest  \(digest)\n" }
    if let lines {
      text += "\n" + LineRecord.header + "\n"
      for line in lines { text += line.row + "\n" }
    }
    guard showStatistics, let statistics else { return text }
    let total =
      statistics.importMilliseconds + statistics.shapeMilliseconds + statistics.breakMilliseconds
      + statistics.fillMilliseconds
    func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
    let rows: [(String, String)] = [
      ("time", ms(total)),
      ("  import", ms(statistics.importMilliseconds)),
      ("  shape", ms(statistics.shapeMilliseconds)),
      ("  break", ms(statistics.breakMilliseconds)),
      ("  fill", ms(statistics.fillMilliseconds)),
      (
        "shape cache",
        "\(statistics.shapeCacheHits.grouped) hits of \(statistics.shapeCacheLookups.grouped) "
          + String(format: "(%.1f %%)", statistics.shapeCacheHitRate * 100)
      ),
      ("lines", "\(statistics.lines.grouped) (\(statistics.justifiedLines.grouped) justified)"),
      (
        "adjustment |r|",
        String(
          format: "mean %.2f, max %.2f", statistics.meanAdjustmentRatio,
          statistics.maxAdjustmentRatio)
      ),
      (
        "loose lines |r| > 1",
        "\(statistics.looseLines.grouped) "
          + String(format: "(%.1f %% of justified lines)", statistics.looseShare * 100)
      ),
      (
        "lines |r| > 3",
        "\(statistics.veryLooseLines.grouped) (\(statistics.avoidableVeryLooseLines.grouped) "
          + "in paragraphs that could do without)"
      ),
      ("hyphenated lines", statistics.hyphenatedLines.grouped),
    ]
    text += "\n" + KeyValueTable.render(rows, width: 100)
    if statistics.greedyParagraphs > 0 {
      text +=
        "(\(statistics.greedyParagraphs) paragraphs too long for Knuth–Plass were broken greedily)\n"
    }
    return text
  }
}
