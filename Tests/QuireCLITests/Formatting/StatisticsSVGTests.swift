import Foundation
import QuireReading
import QuireRendering
import Testing

@testable import QuireCLI

/// The statistics SVG on its own: a title with markup characters and control characters
/// stays text (escaped, dropped), and the document still parses and draws.
@Suite struct StatisticsSVGTests {
  @Test func aTitleWithMarkupIsEscapedAndTheDocumentDraws() throws {
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    var report = StatisticsReport(
      sessions: [], books: [], now: now, timeZone: TimeZone(identifier: "UTC")!)
    let json = #"""
      {"id": 1, "title": "Tom & Jerry <\"1\">\u0001", "authors": [],
       "totals": {"timeRead": 600, "pages": 10, "characters": 5000, "sessions": 1,
                  "books": 1, "days": 1}}
      """#
    report.books = [try JSONDecoder().decode(StatisticsReport.Book.self, from: Data(json.utf8))]
    let svg = StatisticsSVG(charts: StatisticsCharts(report: report), generatedAt: "2026-05-28")
      .document()
    #expect(svg.contains(">Tom &amp; Jerry &lt;&quot;1&quot;&gt;</text>"))
    #expect(!svg.contains("\u{1}"))
    #expect(svg.contains("No page has counted towards speed yet."))
    let image = try ImageDecoder.decode(Data(svg.utf8), name: "stats.svg")
    #expect(image.width == 820 && image.height > 600)
  }
}
