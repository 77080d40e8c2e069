import Foundation
import QuireBook
import QuireReading
import QuireTestSupport
import Testing

/// The statistics panel (`S`) in a real terminal, on a library holding seeded sessions:
/// the totals, the heat map and the bars as a person sees them, scrolled to the speed line
/// and the books, in 80 × 24 and wider, in 24-bit, 256 and 16 colours and under `NO_COLOR`.
@Suite(.serialized, .enabled(if: TmuxReader.isAvailable, TmuxReader.skipMessage))
struct TerminalStatisticsTests {
  /// A reader's folder whose library read the handbook an hour today, twenty minutes
  /// yesterday and half an hour three days ago, at 1,000 characters a minute.
  private func seededFolder() throws -> String {
    let folder = try ScratchFolder.make("tmux")
    try FileManager.default.createDirectory(
      atPath: folder + "/data/quire", withIntermediateDirectories: true)
    let library = try Library(path: folder + "/data/quire/library.sqlite")
    let entry = try library.add(try Book.open(UIHandbook.path))
    let now = Date()
    let midnight = Calendar.current.startOfDay(for: now)
    let start = midnight + now.timeIntervalSince(midnight) / 2
    for (daysAgo, minutes) in [(0, 60.0), (1, 20), (3, 30)] {
      let begin = start.addingTimeInterval(-Double(daysAgo) * 86_400)
      let seconds = minutes * 60
      try library.recordSession(
        bookID: entry.id, startedAt: begin, endedAt: begin + seconds,
        charactersRead: Int(minutes) * 1000, pagesTurned: Int(minutes),
        timing: ReadingTiming(
          speedSeconds: seconds, timeRead: seconds, pagesRead: Int(minutes), script: .latin))
    }
    return folder
  }

  /// The rows of the time bar chart (its heading's six rows below), and the column of
  /// each bar: today's last, one a `step` of cells to its left for each day before.
  private func timeBars(_ lines: [String]) throws -> (rows: [[Character]], today: Int) {
    let heading = try #require(lines.firstIndex { $0.contains("Time read a day, last 30 days") })
    let rows = lines[(heading + 1)...(heading + 6)].map { Array($0) }
    let axis = try #require(rows[0].firstIndex(of: "┤"))
    // Thirty bars: the last one's column, from the bars' spacing (a cell and a gap).
    let filled = rows[5].indices.filter { $0 > axis && "▁▂▃▄▅▆▇█".contains(rows[5][$0]) }
    return (rows, try #require(filled.last))
  }

  /// The heat map's marks for days before today, in 80 columns: a week a column of two
  /// cells from the fourth cell after the box's edge, today's week the 26th; a weekday a
  /// row from Monday, two rows under the heading.
  private func heatMarks(_ lines: [String], daysAgo: [Int]) throws -> [Character] {
    let heading = try #require(lines.firstIndex { $0.contains("Days read, last 26 weeks") })
    let weekday = (Calendar.current.component(.weekday, from: Date()) + 5) % 7
    return daysAgo.map { ago in
      let day = weekday - ago
      let week = 25 + (day >= 0 ? day / 7 : -((6 - day) / 7))
      let row = Array(lines[heading + 2 + ((day % 7) + 7) % 7])
      return row[3 + 4 + week * 2]
    }
  }

  @Test func thePanelShowsTheSeededFiguresAndThePageJustReadIn80By24() throws {
    let folder = try seededFolder()
    let reader = try TmuxReader([UIHandbook.path], columns: 80, rows: 24, folder: folder)
    defer { reader.removeFolder() }
    // Read a page (longer than a flip's five seconds), turn it: today has that page too.
    let first = try reader.firstPage(showing: "")
    Thread.sleep(forTimeInterval: 7)
    try reader.send("j")
    try reader.waitForPage(first + 1)
    try reader.send("S")
    let screen = try reader.wait("the statistics panel") {
      $0.contains("Reading statistics") && $0.contains("Time read a day")
    }
    if let shots = ProcessInfo.processInfo.environment["QUIRE_SCREENSHOTS"] {
      try screen.write(toFile: shots + "/statistics-80x24.txt", atomically: true, encoding: .utf8)
    }
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count >= 24 && lines.allSatisfy { $0.count <= 80 }, "\(screen)")
    let today = try #require(lines.first { $0.contains("Today") })
    #expect(today.contains("1 h · 61 pages"), "the page just read counts: \(screen)")
    #expect(screen.contains("2 days in a row"), "\(screen)")
    // The heat map: today an hour (█), yesterday twenty minutes (▒), the day before not
    // read (·), three days ago half an hour (▓).
    #expect(try heatMarks(lines, daysAgo: [0, 1, 2, 3]) == ["█", "▒", "·", "▓"], "\(screen)")
    #expect(screen.contains("Mon") && screen.contains("Sun"), "\(screen)")
    // Six rows down (↓ a row at a time): the time bars whole.
    for _ in 0..<6 { try reader.send("Down") }
    let scrolled = try reader.wait("the panel scrolled past the heat map's heading") {
      !$0.contains("Days read") && $0.contains("Pages a day")
    }
    let rows = scrolled.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The bars: today's hour and a page is over an hour, so the scale's top is an hour and
    // a half (a full bar, six rows of eight steps): today two thirds (32 steps), twenty
    // minutes yesterday 11 steps.
    let bars = try timeBars(rows)
    #expect(bars.rows.map { $0[bars.today] } == [" ", " ", "█", "█", "█", "█"], "\(scrolled)")
    let yesterday = bars.today - 2
    #expect(bars.rows.map { $0[yesterday] } == [" ", " ", " ", " ", "▃", "█"], "\(scrolled)")
    #expect(String(bars.rows[0]).contains("1 h 30 min ┤"), "the scale's top: \(scrolled)")
    #expect(String(bars.rows[5]).contains(" 0 ┤"), "the scale's foot: \(scrolled)")
    // Scrolled down: the speed line in braille, then the book.
    try reader.send("NPage")
    try reader.send("NPage")
    let below = try reader.wait("the speed line and the books") {
      $0.contains("Books") && $0.contains("Latin · ") && $0.contains("characters a minute")
    }
    #expect(below.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "\(below)")
    #expect(below.contains("1 h 50 min · 4 sessions · 111 pages"), "\(below)")
    // The key that opened it closes it, and the page is back.
    try reader.send("S")
    try reader.wait("the page again") { !$0.contains("Reading statistics") }
    try reader.send("q")
    #expect(try reader.exitStatus() == 0, "\(reader.standardError)")
  }

  /// In 256 and 16 colours the panel is drawn with the terminal's own colour codes: the
  /// same marks, in the accent's nearest colour.
  @Test(arguments: ["xterm-256color", "xterm"])
  func inFewerColoursThePanelKeepsItsMarks(term: String) throws {
    let folder = try seededFolder()
    let reader = try TmuxReader(
      [UIHandbook.path], columns: 80, rows: 24, folder: folder, environment: ["TERM": term])
    defer { reader.removeFolder() }
    _ = try reader.firstPage(showing: "")
    try reader.send("S")
    let screen = try reader.wait("the statistics panel") { $0.contains("Days read") }
    let coloured = try reader.screen(escapes: true)
    #expect(!coloured.contains("38;2;"), "no 24-bit colour in \(term)")
    #expect(coloured.contains("38;5;") == (term == "xterm-256color"), "256 colours only there")
    #expect(coloured.contains("\u{1B}[3") || coloured.contains("\u{1B}[9"), "colours are used")
    #expect(screen.contains("▓") && screen.contains("█") && screen.contains("·"), "\(screen)")
    try reader.send("q")
    try reader.send("q")
    #expect(try reader.exitStatus() == 0, "\(reader.standardError)")
  }

  @Test func withoutColoursTheMarksCarryTheFiguresAndAWideTerminalWidensTheBars() throws {
    let folder = try seededFolder()
    let reader = try TmuxReader(
      [UIHandbook.path], columns: 140, rows: 50, folder: folder,
      environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
    defer { reader.removeFolder() }
    _ = try reader.firstPage(showing: "")
    try reader.send("S")
    let screen = try reader.wait("the statistics panel") { $0.contains("Time read a day") }
    let coloured = try reader.screen(escapes: true)
    if let shots = ProcessInfo.processInfo.environment["QUIRE_SCREENSHOTS"] {
      try screen.write(toFile: shots + "/statistics-140x50.txt", atomically: true, encoding: .utf8)
    }
    #expect(!coloured.contains("38;2;") && !coloured.contains("48;2;"), "no colour at all")
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let bars = try timeBars(lines)
    // Three cells a day: two of bar, one of gap.
    #expect(bars.rows.allSatisfy { $0[bars.today] == "█" && $0[bars.today - 1] == "█" })
    #expect(bars.rows[5][bars.today - 3] == "█" && bars.rows[5][bars.today - 2] == " ")
    #expect(screen.contains("Books"), "fifty rows show it all: \(screen)")
    try reader.send("q")
    try reader.send("q")
    #expect(try reader.exitStatus() == 0, "\(reader.standardError)")
  }
}
