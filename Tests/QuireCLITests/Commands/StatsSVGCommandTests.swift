import Foundation
import QuireBook
import QuireReading
import QuireRendering
import Testing

@testable import QuireCLI

/// `quire stats --svg FILE`: the statistics charts written as an SVG that librsvg draws,
/// bars as tall as their figures, and the file rules (only a regular file is written, a
/// folder or FIFO refused, a write that fails said in words).
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct StatsSVGCommandTests {
  /// A library whose Alice was read an hour today, twenty minutes yesterday and half an
  /// hour three days ago.
  private func readLibrary() throws -> LibraryWorkspace {
    let workspace = LibraryWorkspace()
    let alice = try workspace.alice()
    #expect(workspace.run(["library", "add", alice]).status == 0)
    let library = try workspace.library()
    let book = try #require(try library.books().first)
    // Halfway through today so far, local time, so that each session stays on its day.
    let now = Date()
    let midnight = Calendar.current.startOfDay(for: now)
    let noon = midnight + now.timeIntervalSince(midnight) / 2
    for (daysAgo, minutes) in [(0, 60.0), (1, 20), (3, 30)] {
      let start = noon.addingTimeInterval(-Double(daysAgo) * 86_400)
      let seconds = minutes * 60
      try library.recordSession(
        bookID: book.id, startedAt: start, endedAt: start + seconds,
        charactersRead: Int(minutes) * 1000, pagesTurned: Int(minutes),
        timing: ReadingTiming(
          speedSeconds: seconds, timeRead: seconds, pagesRead: Int(minutes), script: .latin))
    }
    return workspace
  }

  @Test func writesChartsThatLibrsvgDrawsWithBarsAsTallAsTheirFigures() throws {
    let workspace = try readLibrary()
    let path = workspace.path + "/reading.svg"
    let result = workspace.run(["stats", "--svg", path])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("\(path): the statistics charts as SVG\n"))
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let svg = String(decoding: data, as: UTF8.self)
    #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    // Thirty bars of time: an hour is the scale's top (120 px), 20 minutes a third of it.
    let bars = Self.bars(in: svg, named: "time")
    #expect(bars.count == 30)
    #expect(bars.map(\.value).suffix(4) == [1800, 0, 1200, 3600])
    for bar in bars {
      #expect(abs(bar.height - bar.value / 3600 * 120) < 0.1, "\(bar)")
    }
    #expect(Self.bars(in: svg, named: "pages").map(\.value).suffix(2) == [20, 60])
    #expect(svg.contains("data-level=\"4\""), "an hour's day is the heat map's darkest")
    #expect(svg.contains("Alice’s Adventures in Wonderland"))
    // librsvg parses and draws it: today's bar is 120 px of the bar colour, yesterday's 40.
    let image = try ImageDecoder.decode(data, name: "reading.svg")
    #expect(image.width == 820)
    if let shots = ProcessInfo.processInfo.environment["QUIRE_SCREENSHOTS"] {
      try image.writePNG(to: shots + "/statistics-svg.png")
    }
    for bar in bars.suffix(2) {
      let column = Int(bar.x + bar.width / 2)
      // Only the rows of the time chart (the pages chart's bars are under these).
      let rows = max(0, Int(bar.y) - 4)..<min(image.height, Int(bar.y + bar.height) + 4)
      let filled = rows.filter { row in
        let at = (row * image.width + column) * 4
        return image.pixels[at] == 0x3B && image.pixels[at + 1] == 0x6E
          && image.pixels[at + 2] == 0xA5
      }
      #expect(abs(Double(filled.count) - bar.height) <= 1.5, "\(bar): \(filled.count) px")
    }
  }

  @Test func writesOnlyRegularFilesAndSaysWhyNot() throws {
    let workspace = try readLibrary()
    // A regular file the user names is replaced.
    let named = workspace.path + "/old.svg"
    try Data("old".utf8).write(to: URL(fileURLWithPath: named))
    #expect(workspace.run(["stats", "--svg", named]).status == 0)
    #expect(try String(contentsOfFile: named, encoding: .utf8).contains("<svg "))
    // A folder, a FIFO, a missing folder: refused before anything is written.
    let folder = workspace.run(["stats", "--svg", workspace.path])
    #expect(folder.status != 0)
    #expect(folder.standardError.contains("--svg \(workspace.path) is a folder"))
    let fifo = workspace.path + "/pipe.svg"
    #expect(mkfifo(fifo, 0o600) == 0)
    let piped = workspace.run(["stats", "--svg", fifo])
    #expect(piped.status != 0 && piped.standardError.contains("FIFO"))
    let missing = workspace.run(["stats", "--svg", workspace.path + "/nowhere/a.svg"])
    #expect(missing.standardError.contains("does not exist"))
    // A file that cannot be written: said with the reason.
    let locked = workspace.path + "/locked"
    try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
    #expect(chmod(locked, 0o500) == 0)
    defer { chmod(locked, 0o700) }
    if getuid() != 0 {
      let denied = workspace.run(["stats", "--svg", locked + "/a.svg"])
      #expect(denied.status != 0 && denied.standardError.contains("cannot write \(locked)/a.svg"))
    }
    // One book's statistics have no charts.
    let one = workspace.run(["stats", "1", "--svg", workspace.path + "/one.svg"])
    #expect(one.status != 0 && one.standardError.contains("leave out BOOK"))
  }

  /// The bars of one chart in an SVG the writer made.
  private static func bars(in svg: String, named name: String)
    -> [(x: Double, y: Double, width: Double, height: Double, value: Double)]
  {
    svg.split(separator: "\n").filter { $0.hasPrefix("<rect class=\"bar \(name)\"") }.map { line in
      func attribute(_ key: String) -> Double {
        guard let start = line.range(of: " \(key)=\"") else { return -1 }
        let rest = line[start.upperBound...]
        return Double(rest.prefix { $0 != "\"" }) ?? -1
      }
      return (
        attribute("x"), attribute("y"), attribute("width"), attribute("height"),
        attribute("data-value")
      )
    }
  }
}
