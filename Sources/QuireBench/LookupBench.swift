import Foundation
import QuireBook
public import QuireCLI
import QuireLookup

/// `quire bench lookup`: looking up the words of a book in GCIDE and WordNet, as a reader
/// tapping words does (target ≤ 20 ms at the 99th percentile).
///
/// The words are those of Pride and Prejudice, one in every few hundred through the book,
/// as written (capitals, possessives, plurals, past tenses). Each run starts with a new
/// `DictionaryShelf`, so its first look-up finds the dictionaries and opens both indexes
/// and data files, and is counted with the rest.
public enum LookupBench: BenchSuite {
  public static let name = BenchSuiteName.lookup
  public static let summary = "dictionary look-up in GCIDE + WordNet over a book's words"

  static let book = "txt/en/pride-and-prejudice_pg1342_utf8.txt"
  static let folder = "/usr/share/dictd"
  static let wordCount = 500

  struct MissingDictionaries: Error, CustomStringConvertible {
    var description: String {
      "the lookup suite needs GCIDE and WordNet in \(LookupBench.folder): "
        + "sudo apt install dict-gcide dict-wn (scripts/setup does)"
    }
  }

  public static func run(_ options: BenchOptions, progress: (BenchResult) -> Void) throws
    -> [BenchResult]
  {
    guard FileManager.default.fileExists(atPath: folder + "/gcide.index"),
      FileManager.default.fileExists(atPath: folder + "/wn.index")
    else { throw MissingDictionaries() }
    let words = try bookWords(options.corpus + "/" + book)
    let runs = max(1, options.runs)
    let samples = try measure(words, runs: runs)
    let wall = samples.wall.sorted()
    let label = "look-up in GCIDE + WordNet, \(words.count) words of a book × \(runs) runs"
    let results = [
      BenchResult(
        name: label + ", 99th percentile", medianMilliseconds: percentile(wall, 0.99),
        runs: wall.count, targetMilliseconds: 20,
        note:
          "median \(format(percentile(wall, 0.5))) ms, slowest “\(samples.slowest.word)” "
          + "\(format(samples.slowest.time)) ms; the first (finding and opening both) "
          + "\(format(samples.first.sorted()[samples.first.count / 2])) ms; "
          + "\(samples.found / runs) found, \(samples.lemmatised / runs) by a base form"),
      BenchResult(
        name: label + ", 99th percentile of CPU time",
        medianMilliseconds: percentile(samples.cpu.sorted(), 0.99),
        runs: wall.count, targetMilliseconds: 20,
        note: "the look-up's own work, without a loaded machine's wait for a core"),
    ]
    results.forEach(progress)
    return results
  }

  /// Per look-up wall and CPU times, and what was found.
  struct Samples {
    var wall: [Double] = []
    var cpu: [Double] = []
    var first: [Double] = []
    var slowest = (time: 0.0, word: "")
    var found = 0
    var lemmatised = 0
  }

  /// Looks every word up `runs` times, each run on a new shelf whose first look-up finds
  /// and opens the dictionaries.
  private static func measure(_ words: [String], runs: Int) throws -> Samples {
    let locations = DictionaryLocations(dictdFolders: [folder], starDictFolders: [])
    var samples = Samples()
    for _ in 0..<runs {
      let start = (Stopwatch.now(), threadCPUTime())
      let shelf = DictionaryShelf(locations: locations)
      for (index, word) in words.enumerated() {
        let begin = index == 0 ? start : (Stopwatch.now(), threadCPUTime())
        let result = shelf.lookUp(word, language: "en", only: ["gcide", "wn"])
        let time = Stopwatch.milliseconds(since: begin.0)
        samples.wall.append(time)
        samples.cpu.append(threadCPUTime() - begin.1)
        if index == 0 {
          samples.first.append(time)
        } else if time > samples.slowest.time {
          samples.slowest = (time, word)
        }
        guard result.problems.isEmpty else { throw LookupProblem(errors: result.problems) }
        if result.isFound { samples.found += 1 }
        if result.definitions.contains(where: result.isBaseForm) { samples.lemmatised += 1 }
      }
    }
    return samples
  }

  /// Words spread through the book as a reader meets them: letters and apostrophes, at
  /// least three letters, one every `stride` words.
  static func bookWords(_ path: String) throws -> [String] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let all = text.unicodeScalars.split { !($0.properties.isAlphabetic || $0 == "'" || $0 == "’") }
      .filter { $0.count >= 3 }
    let stride = max(1, all.count / wordCount)
    return Swift.stride(from: 0, to: all.count, by: stride).prefix(wordCount).map {
      var word = String.UnicodeScalarView()
      word.append(contentsOf: all[$0])
      return String(word)
    }
  }

  /// This thread's CPU time in milliseconds.
  private static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
  }

  private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }

  private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

  struct LookupProblem: Error, CustomStringConvertible {
    var errors: [LookupError]
    var description: String { errors.map(\.description).joined(separator: "; ") }
  }
}
