import Foundation
import QuireBook
public import QuireCLI
import QuireReading
import QuireTypesetting

/// `quire bench reading`: what a reader waits for in a reading session, on War and Peace.
///
/// - a font-size change until the page holding the same character is shown (≤ 30 ms);
/// - reopening a book whose pagination is cached until its page shows with exact page
///   numbers (≤ 20 ms). The book is already imported (`Book.open` is timed apart); each
///   reopen makes a new font context, as a reader opening another book does, and borrows
///   the hyphenation dictionary an earlier book of the process loaded.
public enum ReadingBench: BenchSuite {
  public static let name = BenchSuiteName.reading
  public static let summary =
    "reading session: font-size change to new page, reopen with cached pagination"

  static let book = "txt/en/war-and-peace_pg2600_utf8-bom-crlf.txt"

  public static func run(_ options: BenchOptions, progress: (BenchResult) -> Void) throws
    -> [BenchResult]
  {
    let path = options.corpus + "/" + book
    let folder = NSTemporaryDirectory() + "quire-reading-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let library = try Library(path: folder + "/library.sqlite")
    let runs = max(1, options.runs)
    let results = try BenchAsync.blocking {
      try await measure(path: path, library: library, runs: runs)
    }
    results.forEach(progress)
    return results
  }

  private static func measure(path: String, library: Library, runs: Int) async throws
    -> [BenchResult]
  {
    var openTimes: [Double] = []
    var book = try Book.open(path)
    for _ in 0..<runs {
      let start = Stopwatch.now()
      book = try Book.open(path)
      openTimes.append(Stopwatch.milliseconds(since: start))
    }
    let settings = ReadingSettings()
    // A full pass fills the pagination cache; the reader then sits mid-book.
    let first = try await ReadingSession(book: book, library: library, settings: settings)
    await first.go(toProgression: 0.5)
    for _ in 0..<3 { _ = await first.next() }
    let passStart = Stopwatch.now()
    await first.waitForBackground()
    let passTime = Stopwatch.milliseconds(since: passStart)
    await first.close()

    var changeTimes: [Double] = []
    var changePages = 0
    let session = try await ReadingSession(
      book: book, library: nil, settings: settings,
      options: .init(prefetch: false, exactPagination: false))
    await session.go(toProgression: 0.5)
    for _ in 0..<3 { _ = await session.next() }  // into a chapter, not on its first page
    var changed = settings
    for run in 0..<(runs * 2 + 1) {
      changed.fontSize = run % 2 == 0 ? 20 : 16
      let before = await session.layoutCounts.total
      let start = Stopwatch.now()
      _ = await session.apply(changed)
      if run > 0 { changeTimes.append(Stopwatch.milliseconds(since: start)) }  // run 0 warms up
      changePages = max(changePages, await session.layoutCounts.total - before)
    }

    var reopenTimes: [Double] = []
    var exact = true
    var reopenPages = 0
    let loadsBefore = HyphenatorCache.loadCount
    for run in 0...runs {
      let fonts = try FontContext()
      let start = Stopwatch.now()
      let reopened = try await ReadingSession(
        book: book, library: library, settings: settings, fonts: fonts,
        options: .init(prefetch: false, exactPagination: false))
      let shown = await reopened.current
      if run > 0 { reopenTimes.append(Stopwatch.milliseconds(since: start)) }
      exact = exact && shown?.progress.isExact == true
      reopenPages = await reopened.layoutCounts.total
    }
    let reopenLoads = HyphenatorCache.loadCount - loadsBefore
    let fontTimes = try (0..<runs).map { _ in
      let start = Stopwatch.now()
      _ = try FontContext()
      return Stopwatch.milliseconds(since: start)
    }
    return [
      BenchResult(
        name: "font size 16↔20 → new page shown, War and Peace (TXT), 600×800",
        medianMilliseconds: median(changeTimes), runs: changeTimes.count,
        targetMilliseconds: 30, note: "up to \(changePages) pages laid out per change"),
      BenchResult(
        name: "reopen with cached pagination → first page, exact numbers",
        medianMilliseconds: median(reopenTimes), runs: reopenTimes.count,
        targetMilliseconds: 20,
        note:
          "exact: \(exact), \(reopenPages) page(s) laid out, \(reopenLoads) hyphenation "
          + "dictionary load(s) in \(runs + 1) reopens; Book.open "
          + "\(format(median(openTimes))) ms and FontContext \(format(median(fontTimes))) ms "
          + "apart; the full pass that filled the cache took \(format(passTime)) ms"),
    ]
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }

  private static func format(_ value: Double) -> String {
    String(format: "%.1f", value)
  }
}
