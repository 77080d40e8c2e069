import Foundation
import QuireBook
public import QuireCLI
import QuireReading

/// `quire bench annotations`: a book with 100,000 highlights (the most an import takes)
/// exported as JSON, Markdown and Org by `quire annotations BOOK export`, as a reader runs
/// it: each format's wall time and the exporting process's peak memory, read from its
/// resource usage when it ends (`wait4`), output thrown away.
///
/// The highlights are spread through Pride and Prejudice, 5 to 80 characters each, every
/// colour and style, one in ten with a note; they go into a library of the bench's own in
/// one import, untimed.
public enum AnnotationsBench: BenchSuite {
  public static let name = BenchSuiteName.annotations
  public static let summary =
    "export of 100,000 highlights as JSON, Markdown and Org: time, peak memory"

  static let book = "txt/en/pride-and-prejudice_pg1342_utf8.txt"
  static let count = AnnotationExport.maximumEntries

  public static func run(_ options: BenchOptions, progress: (BenchResult) -> Void) throws
    -> [BenchResult]
  {
    let folder = NSTemporaryDirectory() + "quire-bench-annotations-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = options.corpus + "/" + book
    let libraryPath = folder + "/library.sqlite"
    let book = try Book.open(path)
    let library = try Library(path: libraryPath)
    let entry = try library.add(book)
    _ = try library.importAnnotations(try highlights(in: book), intoBook: entry.id)
    let quire = (PathName.folder(of: CommandLine.arguments[0]) as NSString)
      .appendingPathComponent("quire")
    var results: [BenchResult] = []
    for format in ["json", "md", "org"] {
      var times: [Double] = []
      var peaks: [Double] = []
      for _ in 0..<max(1, options.runs) {
        let (time, peak) = try export(
          quire, ["annotations", path, "export", "--format", format, "--library", libraryPath])
        times.append(time)
        peaks.append(peak)
      }
      let result = BenchResult(
        name: "export \(count) highlights as \(format), Pride and Prejudice (TXT)",
        medianMilliseconds: times.sorted()[times.count / 2], runs: times.count,
        note: String(
          format: "peak memory %.0f MB (the process, from its start), %.1f µs a highlight",
          peaks.sorted()[peaks.count / 2], times.sorted()[times.count / 2] * 1000 / Double(count)))
      progress(result)
      results.append(result)
    }
    return results
  }

  /// 100,000 highlights through the book's chapters, as an export a reader imports.
  static func highlights(in book: Book) throws -> AnnotationExport {
    let chapters = book.readingOrder.compactMap { index -> (Int, Int)? in
      guard let length = try? book.text(ofChapter: index).length, length > 100 else { return nil }
      return (index, length)
    }
    let total = chapters.map(\.1).reduce(0, +)
    var highlights: [AnnotationExport.ExportedHighlight] = []
    highlights.reserveCapacity(count)
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    var chapter = 0
    var before = 0
    for index in 0..<count {
      // The place `index` of `count` through the book's text, as a chapter and offset.
      let target = Int(Double(index) / Double(count) * Double(total))
      while chapter + 1 < chapters.count, before + chapters[chapter].1 <= target {
        before += chapters[chapter].1
        chapter += 1
      }
      let (chapterIndex, length) = chapters[chapter]
      let offset = min(max(0, target - before), length - 81)
      let end = offset + 5 + (index * 7919) % 76
      highlights.append(
        AnnotationExport.ExportedHighlight(
          start: Locator(chapterIndex: chapterIndex, offset: offset),
          end: Locator(chapterIndex: chapterIndex, offset: end),
          colour: Highlight.Colour.allCases[index % 5], style: Highlight.Style.allCases[index % 3],
          note: index % 10 == 0 ? "Note \(index): worth reading again" : nil,
          createdAt: date.addingTimeInterval(Double(index))))
    }
    return AnnotationExport(
      book: .init(
        title: book.metadata.title, authors: book.metadata.authors,
        contentHash: book.contentHash),
      exportedAt: date, bookmarks: [], highlights: highlights)
  }

  /// Runs `tool` with its output thrown away; its wall time (ms) and peak resident memory
  /// (MB).
  static func export(_ tool: String, _ arguments: [String]) throws -> (Double, Double) {
    let start = Stopwatch.now()
    let pid = try DesktopBench.spawn(tool, arguments, environment: [:], output: "/dev/null")
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let time = Stopwatch.milliseconds(since: start)
    guard status == 0 else {
      throw BenchError("\(tool) \(arguments.joined(separator: " ")) failed")
    }
    return (time, Double(usage.ru_maxrss) / 1024)
  }
}
