import Foundation
import QuireBook
public import QuireCLI

/// `quire bench import`: opening the largest book, each other format's sample to its first
/// page, and chapter detection throughput.
public enum ImportSuite: BenchSuite {
  public static let name = BenchSuiteName.`import`
  public static let summary =
    "Book.open of the largest corpus book; FB2, MOBI, AZW3 and CBZ samples open to their first "
    + "page; chapter detection on 10 MB of 红楼梦; an Aozora Bunko novel opened; OpenCC s2t of "
    + "2 MB of 红楼梦 beside libopencc."

  public static func run(_ options: BenchOptions, progress: (BenchResult) -> Void) throws
    -> [BenchResult]
  {
    var results: [BenchResult] = []
    let books = BenchCorpus.allBooks(in: options.corpus)
    guard let largest = books.max(by: { BenchCorpus.size(of: $0) < BenchCorpus.size(of: $1) })
    else { throw BenchError("\(options.corpus): no corpus books found") }
    var candidates = [largest]
    let txt = books.filter { $0.hasSuffix(".txt") }
      .max(by: { BenchCorpus.size(of: $0) < BenchCorpus.size(of: $1) })
    if let txt, txt != largest { candidates.append(txt) }
    for path in candidates {
      var chapters = 0
      let time = try Bench.median(runs: options.runs) {
        chapters = try Book.open(path).chapters.count
      }
      let megabytes = Double(BenchCorpus.size(of: path)) / 1e6
      let result = BenchResult(
        name: "Book.open \(BenchCorpus.name(of: path))", medianMilliseconds: time,
        runs: options.runs, targetMilliseconds: 500,
        note: String(format: "%.1f MB, %d chapters", megabytes, chapters))
      results.append(result)
      progress(result)
    }
    for sample in BenchCorpus.formatSamples {
      let path = options.corpus + "/" + sample
      guard FileManager.default.fileExists(atPath: path) else { continue }
      let time = try Bench.median(runs: options.runs) { try LayoutSuite.openFirstPage(path) }
      let result = BenchResult(
        name: "open + first page, \(BenchCorpus.name(of: path)), cold", medianMilliseconds: time,
        runs: options.runs, targetMilliseconds: 100,
        note: try Book.open(path).format.displayName)
      results.append(result)
      progress(result)
    }
    let detection = try chapterDetection(options)
    results.append(detection)
    progress(detection)
    for measure in [aozoraOpen, scriptConversion] {
      let result = try measure(options)
      results.append(result)
      progress(result)
    }
    return results
  }

  /// `ChapterDetector.detectHeadings` on 红楼梦 repeated to at least 10 MB.
  static func chapterDetection(_ options: BenchOptions) throws -> BenchResult {
    let path = options.corpus + "/" + BenchCorpus.hongloumeng
    guard var novel = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw BenchError("\(path): not readable as UTF-8")
    }
    if novel.hasPrefix("\u{FEFF}") { novel.removeFirst() }
    let copies = (10_000_000 + novel.utf8.count - 1) / novel.utf8.count
    let text = String(repeating: novel, count: copies)
    let bytes = Double(text.utf8.count)
    var headings = 0
    let time = Bench.median(runs: options.runs) {
      headings = ChapterDetector.detectHeadings(in: text).count
    }
    let throughput = bytes / 1e6 / (time / 1000)
    // The target is a throughput: ≥ 200 MB/s is this many milliseconds for these bytes.
    return BenchResult(
      name: "chapter detection, 红楼梦 × \(copies) (UTF-8)", medianMilliseconds: time,
      runs: options.runs, targetMilliseconds: bytes / 200e6 * 1000,
      note: String(
        format: "%.1f MB, %.0f MB/s (target ≥ 200), %d headings", bytes / 1e6,
        throughput, headings))
  }
}
