import Foundation
import QuireBook
public import QuireCLI
import QuireReading
import QuireTerminal
import QuireUI

/// `quire bench terminal`: what a terminal reader waits for, from the controller's answer
/// to the bytes of the frame (painted and diffed as `quire read` does; the write itself is
/// left out, since it is the terminal's speed, not Quire's).
///
/// - open to first screen: import, the reading session (a new library), the first frame;
/// - keypress to frame: a page turn, 200 in a row, median and p99, and the bytes a turn writes;
/// - resize to frame: 100×40 ↔ 80×30;
/// - resident memory at its peak, with War and Peace open after the turns;
/// - a selection grown a word at a time to frame (median, p99; the steps that turn the
///   page apart, as page turns), and a page turn with 50
///   highlights on each page, less the same turn without them.
public enum TerminalBench: BenchSuite {
  public static let name = BenchSuiteName.terminal
  public static let summary =
    "terminal reader: open to first screen, page turn and resize to frame, bytes, memory"

  static let books: [(name: String, path: String)] = [
    ("War and Peace (TXT)", "txt/en/war-and-peace_pg2600_latin1.txt"),
    ("War and Peace (EPUB)", "epub/se-war-and-peace.epub"),
    ("红楼梦 ×4, 10 MB (TXT)", "txt/zh/hongloumeng_simplified_utf8-crlf.txt"),
  ]

  public static func run(_ options: BenchOptions, progress: (BenchResult) -> Void) throws
    -> [BenchResult]
  {
    let folder = NSTemporaryDirectory() + "quire-terminal-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A 10 MB Chinese novel: 红楼梦 four times over.
    let chinese = try Data(contentsOf: URL(fileURLWithPath: options.corpus + "/" + books[2].path))
    let big = folder + "/hongloumeng-x4.txt"
    try (chinese + chinese + chinese + chinese).write(to: URL(fileURLWithPath: big))
    let paths = [
      options.corpus + "/" + books[0].path, options.corpus + "/" + books[1].path, big,
    ]
    let runs = max(1, options.runs)
    var results: [BenchResult] = []
    for (index, path) in paths.enumerated() {
      let result = try BenchAsync.blocking {
        try await openToFirstScreen(path, folder: folder, runs: runs, name: books[index].name)
      }
      progress(result)
      results.append(result)
    }
    let turns = try BenchAsync.blocking { try await turnsAndResizes(paths[0], folder: folder) }
    turns.forEach(progress)
    let marking = try BenchAsync.blocking {
      try await selectionAndHighlights(paths[0], folder: folder)
    }
    marking.forEach(progress)
    return results + turns + marking
  }

  /// A selection grown a word at a time (each step repainted, the page turning when it
  /// runs off it), and a page turned to with 50 highlights on it against the same page
  /// without any.
  private static func selectionAndHighlights(_ path: String, folder: String) async throws
    -> [BenchResult]
  {
    let book = try Book.open(path)
    let plain = try Library(path: folder + "/plain.sqlite")
    var controller = try await ReaderController(
      book: book, library: plain, viewport: .cells(columns: 100, rows: 40))
    var frames = TerminalFrames()
    _ = await controller.perform(.goToProgression(0.4))
    _ = frames.bytes(for: await controller.perform(.select), columns: 100, rows: 40)
    // Steps on the page, and steps that turn it (a page turn, with its own target).
    var extendTimes: [Double] = []
    var turningTimes: [Double] = []
    var shown = await controller.screen().sides.map(\.page.range)
    for _ in 0..<300 {
      let start = Stopwatch.now()
      let screen = await controller.perform(.extendSelection(.word, .forward))
      _ = frames.bytes(for: screen, columns: 100, rows: 40)
      let elapsed = Stopwatch.milliseconds(since: start)
      let now = screen.sides.map(\.page.range)
      if now == shown { extendTimes.append(elapsed) } else { turningTimes.append(elapsed) }
      shown = now
    }
    _ = await controller.perform(.clearSelection)
    // Two pages to go back and forth between, as they are without highlights.
    let first = await controller.perform(.goToProgression(0.5))
    let second = await controller.perform(.turnForward)
    let pages = (first.sides + second.sides).map { ($0.chapterIndex, $0.page.range) }
    let without = await turnBackAndForth(controller, frames: &frames)
    await controller.close()
    // The same two pages with 50 highlights each, every colour and style, some stacked.
    let marked = try Library(path: folder + "/marked.sqlite")
    let entry = try marked.add(book)
    for (chapter, range) in pages {
      let step = max(2, range.count / 50)
      for index in 0..<50 {
        let start = min(range.upperBound - 1, range.lowerBound + index * step)
        let end = min(range.upperBound, start + step * 2)
        guard start < end else { continue }
        try marked.addHighlight(
          from: Locator(chapterIndex: chapter, offset: start),
          to: Locator(chapterIndex: chapter, offset: end), inBook: entry.id,
          colour: Highlight.Colour.allCases[index % 5],
          style: Highlight.Style.allCases[index % 3])
      }
    }
    controller = try await ReaderController(
      book: book, library: marked, viewport: .cells(columns: 100, rows: 40))
    frames = TerminalFrames()
    _ = await controller.perform(.goToProgression(0.5))
    let with = await turnBackAndForth(controller, frames: &frames)
    await controller.close()
    return [
      BenchResult(
        name: "selection a word on → frame, War and Peace (TXT), 100×40",
        medianMilliseconds: median(extendTimes), runs: extendTimes.count,
        targetMilliseconds: 3,
        note: "p99 \(format(percentile(extendTimes, 0.99))) ms (target ≤ 3 at p99); "
          + "\(turningTimes.count) steps turned the page: median "
          + "\(format(median(turningTimes))) ms, max \(format(turningTimes.max() ?? 0)) ms"),
      BenchResult(
        name: "page turn → frame with 50 highlights a page, less without",
        medianMilliseconds: median(with) - median(without), runs: with.count,
        targetMilliseconds: 1,
        note: "median \(format(median(with))) ms with, \(format(median(without))) ms without"),
    ]
  }

  /// Times 100 turns forward and back between the page shown and the next, each painted.
  private static func turnBackAndForth(_ controller: ReaderController, frames: inout TerminalFrames)
    async -> [Double]
  {
    var times: [Double] = []
    for index in 0..<100 {
      let start = Stopwatch.now()
      let screen = await controller.perform(index % 2 == 0 ? .turnForward : .turnBackward)
      _ = frames.bytes(for: screen, columns: 100, rows: 40)
      times.append(Stopwatch.milliseconds(since: start))
    }
    return times
  }

  private static func openToFirstScreen(_ path: String, folder: String, runs: Int, name: String)
    async throws -> BenchResult
  {
    var times: [Double] = []
    for run in 0..<runs {
      let library = try Library(path: folder + "/open-\(UUID().uuidString).sqlite")
      let start = Stopwatch.now()
      let book = try Book.open(path)
      let controller = try await ReaderController(
        book: book, library: library, viewport: .cells(columns: 100, rows: 40),
        configuration: .init(sessionOptions: .init(prefetch: false, exactPagination: false)))
      var frames = TerminalFrames()
      let bytes = frames.bytes(for: await controller.screen(), columns: 100, rows: 40)
      let elapsed = Stopwatch.milliseconds(since: start)
      if run > 0 || runs == 1 { times.append(elapsed) }
      precondition(!bytes.isEmpty)
      await controller.close()
    }
    return BenchResult(
      name: "open → first screen, \(name), 100×40", medianMilliseconds: median(times),
      runs: times.count, targetMilliseconds: 100)
  }

  private static func turnsAndResizes(_ path: String, folder: String) async throws
    -> [BenchResult]
  {
    let library = try Library(path: folder + "/turns.sqlite")
    let book = try Book.open(path)
    let controller = try await ReaderController(
      book: book, library: library, viewport: .cells(columns: 100, rows: 40))
    var frames = TerminalFrames()
    _ = frames.bytes(for: await controller.screen(), columns: 100, rows: 40)
    _ = await controller.perform(.goToProgression(0.3))
    var turnTimes: [Double] = []
    var bytes = 0
    for _ in 0..<200 {
      let start = Stopwatch.now()
      let screen = await controller.perform(.turnForward)
      bytes += frames.bytes(for: screen, columns: 100, rows: 40).count
      turnTimes.append(Stopwatch.milliseconds(since: start))
    }
    var resizeTimes: [Double] = []
    for index in 0..<20 {
      let (columns, rows) = index % 2 == 0 ? (80, 30) : (100, 40)
      let start = Stopwatch.now()
      frames.invalidate()
      let screen = await controller.resize(to: .cells(columns: columns, rows: rows))
      _ = frames.bytes(for: screen, columns: columns, rows: rows)
      resizeTimes.append(Stopwatch.milliseconds(since: start))
    }
    await controller.close()
    let peak = peakResidentMegabytes()
    return [
      BenchResult(
        name: "keypress → frame, page turn, War and Peace (TXT), 100×40",
        medianMilliseconds: median(turnTimes), runs: turnTimes.count, targetMilliseconds: 3,
        note: "p99 \(format(percentile(turnTimes, 0.99))) ms (target ≤ 10); "
          + "\(bytes / turnTimes.count) bytes written per turn"),
      BenchResult(
        name: "resize → frame, 100×40 ↔ 80×30, War and Peace (TXT)",
        medianMilliseconds: median(resizeTimes), runs: resizeTimes.count, targetMilliseconds: 30,
        note: "p99 \(format(percentile(resizeTimes, 0.99))) ms"),
      BenchResult(
        name: "peak resident memory of the bench process (MB), War and Peace open",
        medianMilliseconds: peak, runs: 1, targetMilliseconds: 60,
        note: "VmHWM, reported in the time column; the whole bench process, other books included"),
    ]
  }

  /// The process's peak resident set, in MB, from /proc/self/status.
  static func peakResidentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
  }

  private static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

  private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }

  private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
