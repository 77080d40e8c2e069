import Foundation
import QuireBook

/// `quire bench [SUITE…]`: the performance targets of DESIGN.md, measured against peers.
enum BenchCommand: Command {
  static let signature = CommandSignature(
    name: "bench",
    abstract: "Measure performance against the design targets and peers (release builds).",
    discussion: [
      "Suites: " + suiteNames.joined(separator: ", ")
        + " (each described by 'quire-bench'). Without a suite every suite runs. The suites "
        + "live in the quire-bench program beside quire, so that quire itself links no peer.",
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

  /// The suites `quire-bench` runs, for help and for checking names before it starts.
  static let suiteNames = [
    "import", "layout", "reading", "render", "turns", "terminal", "desktop", "lookup",
    "speech", "annotations",
  ]

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let runs = try runCount(arguments.value("runs"))
    let corpus = arguments.value("corpus") ?? "../shared/corpus"
    guard FileManager.default.fileExists(atPath: corpus) else {
      throw UsageError("corpus folder '\(corpus)' not found (use --corpus)", command: "bench")
    }
    for name in arguments.positionals where !suiteNames.contains(name) {
      let known = suiteNames.joined(separator: ", ")
      throw UsageError("unknown suite '\(name)' (known: \(known))", command: "bench")
    }
    let me =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    let program = PathName.folder(of: me) + "/quire-bench"
    guard FileManager.default.isExecutableFile(atPath: program) else {
      throw CommandFailure(
        "\(program) is missing: build it with 'swift build -c release' (make bench does)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = ["--runs", "\(runs)", "--corpus", corpus] + arguments.positionals
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CommandFailure("quire-bench ended with status \(process.terminationStatus)")
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
