import Foundation
import QuireBook
public import QuireCLI
import QuireTypesetting

/// `quire bench layout`: full exact pagination against Pango, and the first page cold.
public enum LayoutSuite: BenchSuite {
  public static let name = BenchSuiteName.layout
  public static let summary =
    "Paginate War and Peace and 红楼梦 (vs Pango); first page of every corpus book."

  public static func run(_ options: BenchOptions, progress: (BenchResult) -> Void) throws
    -> [BenchResult]
  {
    var results: [BenchResult] = []
    func report(_ result: BenchResult) {
      results.append(result)
      progress(result)
    }
    let english = options.corpus + "/" + BenchCorpus.warAndPeace
    let chinese = options.corpus + "/" + BenchCorpus.hongloumeng
    let englishSingle = try fullPagination(
      english, label: "War and Peace (TXT)", peerFamily: "EB Garamond 12", language: "en",
      options: options)
    report(englishSingle)
    report(
      try parallelPagination(
        english, label: "War and Peace (TXT)", single: englishSingle, targetMilliseconds: 250,
        targetSpeedup: 10, options: options))
    let chineseSingle = try fullPagination(
      chinese, label: "红楼梦 (TXT)", peerFamily: "Noto Serif CJK SC", language: "zh-cn",
      options: options)
    report(chineseSingle)
    report(
      try parallelPagination(
        chinese, label: "红楼梦 (TXT)", single: chineseSingle, targetMilliseconds: 500,
        targetSpeedup: 6, options: options))
    report(try firstPage(english, options: options))
    report(try slowestFirstPage(options))
    return results
  }

  /// Every chapter paginated exactly, a fresh font context (cold shape cache) per run.
  ///
  /// Pango gets the same paragraphs (text and first-line indent), face file, size and
  /// width, justified. The note gives both sides' CPU time too: on a loaded machine the
  /// wall clock counts time spent waiting for a core.
  static func fullPagination(
    _ path: String, label: String, peerFamily: String, language: String, options: BenchOptions
  ) throws -> BenchResult {
    let workload = try LayoutWorkload(path: path)
    var pages = 0
    var statistics = PaginationStatistics()
    let ours = try LayoutTiming.measure(runs: options.runs) {
      let fonts = try FontContext()
      (pages, statistics) = workload.paginate(fonts: fonts)
    }
    let paragraphs = workload.peerParagraphs
    let content = LayoutWorkload.container.contentRect
    let peer = try PangoPeer(
      family: peerFamily, pixelSize: LayoutWorkload.settings.fontSize, width: content.width,
      language: language)
    var peerLines = 0
    let theirs = LayoutTiming.measure(runs: options.runs) { peerLines = peer.layOut(paragraphs) }
    let speedup = theirs.cpuMilliseconds / ours.cpuMilliseconds
    var note = "CPU \(milliseconds(ours.cpuMilliseconds)) vs Pango "
    note += milliseconds(theirs.cpuMilliseconds) + String(format: ", %.2f× faster · ", speedup)
    note += "\(pages) pages, \(statistics.lines) lines (Pango \(peerLines)), shape cache "
    note += percent(statistics.shapeCacheHitRate) + " hits, |r| mean "
    note += String(format: "%.2f", statistics.meanAdjustment) + " max "
    note += String(format: "%.2f", statistics.maxAdjustment)
    return BenchResult(
      name: "paginate \(label), 600×800, 16 px, Knuth–Plass + hyphenation",
      medianMilliseconds: ours.wallMilliseconds, runs: options.runs, targetMilliseconds: 500,
      peer: ("Pango", theirs.wallMilliseconds), targetSpeedup: 3, note: note)
  }

  /// The same pass on every core (`PaginationPass`, as a reading session's exact pass
  /// runs), a fresh font context per worker each run, against Pango's one-core wall time
  /// from `single` (Pango lays out a paragraph at a time on one thread).
  static func parallelPagination(
    _ path: String, label: String, single: BenchResult, targetMilliseconds: Double,
    targetSpeedup: Double, options: BenchOptions
  ) throws -> BenchResult {
    let workload = try LayoutWorkload(path: path)
    let workers = PaginationPass.coreCount
    var pages = 0
    var hitRate = 0.0
    let ours = LayoutTiming.measure(runs: options.runs, allThreads: true) {
      (pages, hitRate) = workload.paginateInParallel(workers: workers)
    }
    var note = "CPU \(milliseconds(ours.cpuMilliseconds)) on \(workers) cores · \(pages) pages, "
    note += "shape caches " + percent(hitRate) + " hits"
    return BenchResult(
      name: "paginate \(label) on all \(workers) cores",
      medianMilliseconds: ours.wallMilliseconds, runs: options.runs,
      targetMilliseconds: targetMilliseconds,
      peer: single.peer.map { ("Pango (one core)", $0.medianMilliseconds) },
      targetSpeedup: targetSpeedup, note: note)
  }

  /// Open + first page, cold: a new font context each run.
  static func firstPage(_ path: String, options: BenchOptions) throws -> BenchResult {
    let timing = try FirstPageTiming.measure(path, runs: options.runs)
    return BenchResult(
      name: "open + first page, \(BenchCorpus.name(of: path)), cold",
      medianMilliseconds: timing.total, runs: options.runs, targetMilliseconds: 30,
      note: timing.description)
  }

  /// The slowest corpus book's open + first page, and where its time went; the next
  /// slowest two in the note.
  static func slowestFirstPage(_ options: BenchOptions) throws -> BenchResult {
    let books = BenchCorpus.allBooks(in: options.corpus)
    var timings: [(path: String, timing: FirstPageTiming)] = []
    for book in books {
      timings.append((book, try FirstPageTiming.measure(book, runs: options.runs)))
    }
    timings.sort { $0.timing.total > $1.timing.total }
    guard let slowest = timings.first else {
      throw BenchError("\(options.corpus): no corpus books found")
    }
    var note = BenchCorpus.name(of: slowest.path) + ": " + slowest.timing.description
    for next in timings.dropFirst().prefix(2) {
      note += " · then " + BenchCorpus.name(of: next.path) + " " + milliseconds(next.timing.total)
    }
    return BenchResult(
      name: "open + first page, slowest of \(books.count) corpus books, cold",
      medianMilliseconds: slowest.timing.total, runs: options.runs, targetMilliseconds: 30,
      note: note)
  }

  /// Opens the book and lays out its first page, with a font context of its own.
  static func openFirstPage(_ path: String) throws {
    _ = try FirstPageTiming.run(path)
  }
}

/// Where the time to a book's first page goes: opening the book, building its first
/// chapter's styled text, a new font context, laying out the first page.
struct FirstPageTiming: CustomStringConvertible {
  var open = 0.0
  var chapter = 0.0
  var fonts = 0.0
  var layout = 0.0

  /// The whole, in milliseconds.
  var total: Double { open + chapter + fonts + layout }

  /// "open 3.1 ms, chapter 0.4 ms, fonts 0.2 ms, first page 5.0 ms".
  var description: String {
    "open \(milliseconds(open)), chapter \(milliseconds(chapter)), fonts "
      + "\(milliseconds(fonts)), first page \(milliseconds(layout))"
  }

  /// One untimed run, then `runs` timed ones: the run of median total.
  static func measure(_ path: String, runs: Int) throws -> FirstPageTiming {
    _ = try run(path)
    var timings: [FirstPageTiming] = []
    for _ in 0..<max(1, runs) { timings.append(try run(path)) }
    timings.sort { $0.total < $1.total }
    return timings[timings.count / 2]
  }

  /// Opens the book and lays out its first page, each phase timed.
  static func run(_ path: String) throws -> FirstPageTiming {
    var timing = FirstPageTiming()
    var start = Stopwatch.now()
    func lap() -> Double {
      let now = Stopwatch.now()
      defer { start = now }
      return (now - start) * 1000
    }
    let book = try Book.open(path)
    timing.open = lap()
    guard let chapter = book.readingOrder.first else { return timing }
    let text = try book.text(ofChapter: chapter)
    timing.chapter = lap()
    let fonts = try FontContext()
    timing.fonts = lap()
    let paginator = Paginator(
      text: text, container: LayoutWorkload.container, settings: LayoutWorkload.settings,
      fonts: fonts)
    _ = paginator.page(at: 0)
    timing.layout = lap()
    return timing
  }
}

/// "812.3 ms".
func milliseconds(_ value: Double) -> String {
  String(format: "%.1f ms", value)
}

/// "93.1 %".
func percent(_ fraction: Double) -> String {
  String(format: "%.1f %%", fraction * 100)
}
