import Foundation
import QuireBench

/// `quire bench [SUITE…]`: the performance targets of DESIGN.md, measured against peers.
enum BenchCommand: Command {
  static let signature = CommandSignature(
    name: "bench",
    abstract: "Measure performance against the design targets and peers (release builds).",
    discussion: [
      "Suites: "
        + Bench.suites.map { "\($0.name) — \($0.summary)" }.joined(separator: " ")
        + " Without a suite every suite runs.",
      "Each line gives the median wall time of the runs (after one untimed warm-up), the "
        + "target, the peer's median measured in the same run and how many times faster "
        + "Quire is, then notes. Build with 'swift build -c release' first: debug builds are "
        + "many times slower.",
    ],
    positionals: [.repeating("SUITE", help: "Suites to run (default all).")],
    options: [
      .value("runs", "N", help: "Timed runs per measurement (default 5)."),
      .value("corpus", "PATH", help: "The test corpus folder (default ../shared/corpus)."),
    ],
    examples: [
      .init(command: "quire bench layout", explanation: "Pagination speed against Pango."),
      .init(
        command: "quire bench layout import --runs 9",
        explanation: "Both suites, median of nine runs each."),
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let runs = try runCount(arguments.value("runs"))
    let corpus = arguments.value("corpus") ?? "../shared/corpus"
    guard FileManager.default.fileExists(atPath: corpus) else {
      throw UsageError("corpus folder '\(corpus)' not found (use --corpus)", command: "bench")
    }
    var suites: [any BenchSuite.Type] = []
    for name in arguments.positionals {
      guard let suite = Bench.suites.first(where: { $0.name == name }) else {
        let known = Bench.suites.map { $0.name }.joined(separator: ", ")
        throw UsageError("unknown suite '\(name)' (known: \(known))", command: "bench")
      }
      suites.append(suite)
    }
    if suites.isEmpty { suites = Bench.suites }
    let options = BenchOptions(corpus: corpus, runs: runs)
    for suite in suites {
      context.print("\(suite.name) (median of \(runs) runs)\n")
      _ = try suite.run(options) { context.print(BenchReport.line($0)) }
    }
  }

  private static func runCount(_ value: String?) throws(UsageError) -> Int {
    guard let value else { return 5 }
    guard let runs = WholeNumber.parse(value), runs >= 1, runs <= 1000 else {
      throw UsageError("--runs expects a count from 1 to 1000, got '\(value)'", command: "bench")
    }
    return runs
  }
}
