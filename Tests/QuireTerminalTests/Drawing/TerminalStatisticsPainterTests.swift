import Foundation
import QuireReading
import QuireRendering
import QuireUI
import Testing

@testable import QuireTerminal

/// The statistics panel's cells: exactly the rows the reducer scrolls through, lines that
/// fit their width, and a speed line in braille that joins its weeks.
@Suite struct TerminalStatisticsPainterTests {
  private func charts(scripts: [ReadingScript], books: Int) throws -> StatisticsCharts {
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    var sessions: [ReadingSessionRecord] = []
    for (index, script) in scripts.enumerated() {
      for week in 0..<3 {
        let start = now - Double(week * 7 + index) * 86_400
        sessions.append(
          ReadingSessionRecord(
            id: sessions.count + 1, bookID: 1, startedAt: start, endedAt: start + 600,
            charactersRead: 5_000 + week * 1000, pagesTurned: 10,
            timing: ReadingTiming(speedSeconds: 600, timeRead: 600, pagesRead: 10, script: script)
          ))
      }
    }
    var report = StatisticsReport(
      sessions: sessions, books: [], now: now, timeZone: TimeZone(identifier: "UTC")!)
    // Books as `quire stats --json` gives them (their figures are the report's own).
    report.books = try (0..<books).map { index in
      let json = """
        {"id": \(index), "title": "Book \(index)", "authors": [], "progress": 0.5,
         "totals": {"timeRead": 600, "pages": 10, "characters": 5000, "sessions": 1,
                    "books": 1, "days": 1}}
        """
      return try JSONDecoder().decode(StatisticsReport.Book.self, from: Data(json.utf8))
    }
    let charts = StatisticsCharts(report: report)
    return charts
  }

  @Test(arguments: [40, 76, 116])
  func theLinesAreTheRowsTheReducerScrollsAndFitTheirWidth(width: Int) throws {
    let painter = TerminalPanelPainter(
      colours: ScreenPainter(colors: .none).palette(for: Theme.day))
    let cases: [([ReadingScript], Int)] = [([], 0), ([.latin], 1), ([.latin, .han, .cyrillic], 4)]
    for (scripts, books) in cases {
      let charts = try charts(scripts: scripts, books: books)
      #expect(charts.speed.series.count == scripts.count && charts.books.count == books)
      let lines = painter.statisticsLines(charts, width: width)
      #expect(lines.count == StatisticsCellLayout.lineCount(charts), "\(scripts), \(books)")
      for line in lines {
        let text = line.map(\.text).joined()
        #expect(CellWidth.of(text) <= width, "\(width): \(text)")
      }
    }
  }

  @Test func theSpeedLineJoinsItsWeeksInBraille() {
    // Three weeks of three: low, high, low, on four cells of one row (eight dots by four).
    let rows = TerminalPanelPainter.brailleLine(
      [((week: 0, of: 3), 0), ((week: 1, of: 3), 1), ((week: 2, of: 3), 0)], columns: 4,
      rows: 1)
    #expect(rows.count == 1 && rows[0].count == 4)
    let scalars = rows[0].unicodeScalars.map(\.value)
    #expect(scalars.allSatisfy { (0x2801...0x28FF).contains($0) }, "every cell has dots")
    // The middle week's point is at the top (dot 1 or 4 of its cell), the others at the
    // bottom (dot 7 or 8).
    #expect(scalars[2] & 0x09 != 0, "\(rows[0])")
    #expect(scalars[0] & 0xC0 != 0 && scalars[3] & 0xC0 != 0, "\(rows[0])")
  }
}
