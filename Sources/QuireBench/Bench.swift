import Foundation
import QuireBook
public import QuireCLI

/// One measured figure of a benchmark suite, with the peer measured in the same run.
public struct BenchResult: Sendable {
  /// What was measured, e.g. "paginate War and Peace (TXT), 600×800, 16 px".
  public var name: String
  /// Median wall time of the runs, in milliseconds.
  public var medianMilliseconds: Double
  public var runs: Int
  /// The target from DESIGN.md, in milliseconds, when there is one.
  public var targetMilliseconds: Double?
  /// The peer's name and median (e.g. "Pango"), measured in the same run.
  public var peer: (name: String, medianMilliseconds: Double)?
  /// How many times faster than the peer we aim to be, when there is such a target.
  public var targetSpeedup: Double?
  /// Extra figures worth printing (throughput, cache hit rate, pages).
  public var note: String?

  /// Creates a result.
  public init(
    name: String, medianMilliseconds: Double, runs: Int, targetMilliseconds: Double? = nil,
    peer: (name: String, medianMilliseconds: Double)? = nil, targetSpeedup: Double? = nil,
    note: String? = nil
  ) {
    self.targetSpeedup = targetSpeedup
    self.name = name
    self.medianMilliseconds = medianMilliseconds
    self.runs = runs
    self.targetMilliseconds = targetMilliseconds
    self.peer = peer
    self.note = note
  }

  /// How many times faster than the peer (peer ÷ ours), when there is a peer.
  public var speedupOverPeer: Double? {
    peer.map { $0.medianMilliseconds / medianMilliseconds }
  }
}

/// What a benchmark suite runs with.
public struct BenchOptions: Sendable {
  /// The shared corpus folder (`../shared/corpus`).
  public var corpus: String
  /// How many timed runs each measurement takes the median of.
  public var runs: Int

  /// Creates options.
  public init(corpus: String, runs: Int = 5) {
    self.corpus = corpus
    self.runs = runs
  }
}

/// A group of related measurements behind `quire bench NAME`.
public protocol BenchSuite: Sendable {
  /// The name on the command line, e.g. "layout".
  static var name: BenchSuiteName { get }
  /// One line for `quire bench --help`.
  static var summary: String { get }
  /// Runs the measurements; `progress` receives a line per finished measurement.
  static func run(_ options: BenchOptions, progress: (BenchResult) -> Void) throws -> [BenchResult]
}

/// Timing helpers shared by the suites.
public enum Bench {
  /// The benchmark suites `quire bench` knows, in the order it runs them
  /// (`BenchSuiteName`'s).
  public static let suites: [any BenchSuite.Type] = BenchSuiteName.allCases.map(suite)

  /// The suite a name stands for.
  static func suite(_ name: BenchSuiteName) -> any BenchSuite.Type {
    switch name {
    case .import: ImportSuite.self
    case .layout: LayoutSuite.self
    case .reading: ReadingBench.self
    case .render: RenderBench.self
    case .turns: TurnBench.self
    case .terminal: TerminalBench.self
    case .desktop: DesktopBench.self
    case .lookup: LookupBench.self
    case .speech: SpeechBench.self
    case .annotations: AnnotationsBench.self
    }
  }

  /// Runs `body` once untimed (warm-up) and then `runs` times; returns the median in ms.
  public static func median(runs: Int, warmUp: Bool = true, _ body: () throws -> Void) rethrows
    -> Double
  {
    if warmUp { try body() }
    var times: [Double] = []
    for _ in 0..<max(1, runs) {
      let start = Stopwatch.now()
      try body()
      times.append(Stopwatch.milliseconds(since: start))
    }
    times.sort()
    return times[times.count / 2]
  }
}
