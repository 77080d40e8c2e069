import Foundation
import QuireBook
import QuireReading
import QuireRendering
import QuireTestSupport
import Testing

/// The window's statistics panel (`S`) on a library holding seeded sessions, seen in a
/// screenshot: bars as tall as their figures and the heat map's squares, drawn by Quire's
/// own renderer.
@Suite(
  .serialized, .tags(.frontEnd), .unlessSkipping(.frontEnd),
  .enabled(if: WindowReader.isAvailable, WindowReader.skipMessage),
  .timeLimit(.minutes(3)))
struct DesktopStatisticsTests {
  @Test("the statistics panel draws bars as tall as the time and pages read")
  func thePanelDrawsTheSeededFigures() throws {
    let folder = try ScratchFolder.make("window")
    try FileManager.default.createDirectory(
      atPath: folder + "/data/quire", withIntermediateDirectories: true)
    do {
      let library = try Library(path: folder + "/data/quire/library.sqlite")
      let entry = try library.add(try Book.open(DesktopReaderTests.handbook))
      let now = Date()
      let midnight = Calendar.current.startOfDay(for: now)
      let start = midnight + now.timeIntervalSince(midnight) / 2
      // An hour today, twenty minutes yesterday, half an hour three days ago; before the
      // last 30 days, every few days at a speed that changes week to week (the heat map
      // and the speed line).
      var sessions = [(0, 60.0, 1000), (1, 20, 1000), (3, 30, 1000)]
      for daysAgo in stride(from: 40, through: 175, by: 3) {
        sessions.append((daysAgo, Double(10 + daysAgo * 7 % 60), 800 + daysAgo * 13 % 400))
      }
      for (daysAgo, minutes, speed) in sessions {
        let begin = start.addingTimeInterval(-Double(daysAgo) * 86_400)
        try library.recordSession(
          bookID: entry.id, startedAt: begin, endedAt: begin + minutes * 60,
          charactersRead: Int(minutes) * speed, pagesTurned: Int(minutes),
          timing: ReadingTiming(
            speedSeconds: minutes * 60, timeRead: minutes * 60, pagesRead: Int(minutes),
            script: .latin))
      }
    }
    let reader = try WindowReader(
      [DesktopReaderTests.handbook], width: 1200, height: 900, folder: folder,
      environment: ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"])
    defer { reader.removeFolder() }
    _ = try reader.waitFor("the handbook's first spread") { !$0.sides.isEmpty }
    try reader.key("S")
    let state = try reader.waitFor("the statistics panel") { $0.panel == "statistics" }
    #expect(state.panelTitle == "Reading statistics")
    #expect(state.panelRows == ["The Quire Handbook"], "the book read is a row")
    _ = try reader.settle()
    let shot = try reader.screenshot()
    if let shots = ProcessInfo.processInfo.environment["QUIRE_SCREENSHOTS"] {
      try shot.writePNG(to: shots + "/statistics-panel.png")
    }
    // Runs of the accent colour down each column, by the row they end on: the bars of
    // each chart stand on one baseline (110 px for the scale's top).
    let runs = Self.accentRuns(shot, accent: Theme.day.accent)
    func chart(_ heights: [Int]) -> Bool {
      Dictionary(grouping: runs, by: \.bottom).values.contains { onBaseline in
        heights.allSatisfy { height in onBaseline.contains { abs($0.length - height) <= 1 } }
      }
    }
    #expect(chart([110, 37, 55]), "time: an hour today, 20 and 30 minutes")
    #expect(chart([66, 22, 33]), "pages: 60, 20 and 30 of 100")
    // Scrolled down (↓ a row at a time, as the wheel does): the speed line and the books
    // come up where the heat map was.
    try reader.key("Down", "Down", "Down", "Down", "Down", "Down")
    _ = try reader.waitFor("the panel scrolled six rows") { $0.panelScroll == 6 }
    _ = try reader.settle()
    let below = try reader.screenshot()
    if let shots = ProcessInfo.processInfo.environment["QUIRE_SCREENSHOTS"] {
      try below.writePNG(to: shots + "/statistics-panel-scrolled.png")
    }
    #expect(DesktopReaderTests.differingPixels(below, shot) > 20_000, "the panel scrolled")
    try reader.key("Escape")
    _ = try reader.waitFor("the page again") { $0.panel == nil }
    #expect(try reader.quit() == 0)
  }

  @Test("in a window too small for the charts the panel opens and closes")
  func aTinyWindowShowsThePanel() throws {
    let reader = try WindowReader([DesktopReaderTests.handbook], width: 240, height: 180)
    defer { reader.removeFolder() }
    _ = try reader.waitFor("the handbook's first page") { !$0.sides.isEmpty }
    try reader.key("S")
    _ = try reader.waitFor("the statistics panel") { $0.panel == "statistics" }
    try reader.key("Down", "Down", "Down")
    _ = try reader.waitFor("the panel scrolled") { $0.panelScroll == 3 }
    try reader.key("S")
    _ = try reader.waitFor("the page again") { $0.panel == nil }
    #expect(try reader.quit() == 0)
  }

  /// The vertical runs of `accent` in `image`: their lengths and the rows they end on.
  static func accentRuns(_ image: RGBAImage, accent: Color) -> [(length: Int, bottom: Int)] {
    var runs: [(length: Int, bottom: Int)] = []
    for x in 0..<image.width {
      var run = 0
      for y in 0...image.height {
        let at = y < image.height ? image.index(x: x, y: y) : 0
        let isAccent =
          y < image.height && abs(Int(image.pixels[at]) - Int(accent.red)) <= 2
          && abs(Int(image.pixels[at + 1]) - Int(accent.green)) <= 2
          && abs(Int(image.pixels[at + 2]) - Int(accent.blue)) <= 2
        if isAccent {
          run += 1
        } else {
          if run > 0 { runs.append((run, y - 1)) }
          run = 0
        }
      }
    }
    return runs
  }
}
