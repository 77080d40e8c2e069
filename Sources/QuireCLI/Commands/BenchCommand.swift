import Foundation
import QuireBook

/// The suites of `quire bench`, in the order they run: the one list `quire bench` checks
/// names against and `quire-bench` (QuireBench) runs by, each case to its suite.
public enum BenchSuiteName: String, CaseIterable, Sendable {
  case `import`, layout, reading, render, turns, terminal, desktop, lookup, speech, annotations
}

/// `quire bench [SUITE…]`: the performance targets of DESIGN.md, measured against peers.
///
/// `quire-bench` parses its command line with this signature too (`BenchCommand.parse`),
/// so both programs take the same options, numbers and suite names.
package enum BenchCommand: Command {
  /// What a bench command line asks for.
  package struct Request: Equatable, Sendable {
    package var runs = 5
    package var corpus = "../shared/corpus"
    /// The suites named, in the order named; empty for every suite.
    package var suites: [BenchSuiteName] = []
    /// The command's help, when `--help` or `-h` asked for it instead of a run.
    package var help: String?
  }

  static let signature = CommandSignature(
    name: "bench",
    abstract: "Measure performance against the design targets and peers (release builds).",
    discussion: [
      "Suites: " + BenchSuiteName.allCases.map(\.rawValue).joined(separator: ", ")
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

  /// The request `arguments` (the words after `bench`) make.
  /// - Throws: `UsageError` for an unknown option or suite, or a run count that is not a
  ///   whole number from 1 to 1000.
  package static func parse(_ arguments: [String]) throws -> Request {
    try request(ArgumentParser(signature).parse(arguments))
  }

  private static func request(_ arguments: ParsedArguments) throws(UsageError) -> Request {
    var request = Request()
    if arguments.has("help") {
      request.help = HelpFormatter.help(signature)
      return request
    }
    if let value = arguments.value("runs") {
      guard let runs = WholeNumber.parse(value), runs >= 1, runs <= 1000 else {
        throw UsageError("--runs expects a count from 1 to 1000, got '\(value)'", command: "bench")
      }
      request.runs = runs
    }
    request.corpus = arguments.value("corpus") ?? request.corpus
    for name in arguments.positionals {
      guard let suite = BenchSuiteName(rawValue: name) else {
        let known = BenchSuiteName.allCases.map(\.rawValue).joined(separator: ", ")
        throw UsageError("unknown suite '\(name)' (known: \(known))", command: "bench")
      }
      request.suites.append(suite)
    }
    return request
  }

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws {
    let request = try request(arguments)
    guard FileManager.default.fileExists(atPath: request.corpus) else {
      throw UsageError(
        "corpus folder '\(request.corpus)' not found (use --corpus)", command: "bench")
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
    process.arguments =
      ["--runs", "\(request.runs)", "--corpus", request.corpus] + request.suites.map(\.rawValue)
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CommandFailure("quire-bench ended with status \(process.terminationStatus)")
    }
  }
}
