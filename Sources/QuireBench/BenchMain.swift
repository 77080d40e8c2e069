import Foundation

extension Bench {
  /// `quire-bench [--runs N] [--corpus PATH] [SUITE…]`: runs the suites and prints a line
  /// per measurement; returns the exit code (2 for a wrong command line, 1 when a suite
  /// failed).
  public static func main(_ arguments: [String]) -> Int32 {
    var runs = 5
    var corpus = "../shared/corpus"
    var names: [String] = []
    var arguments = arguments[...]
    while let argument = arguments.popFirst() {
      switch argument {
      case "--runs":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), (1...1000).contains(value)
        else {
          FileHandle.standardError.write(
            Data("quire-bench: --runs expects a count from 1 to 1000\n".utf8))
          return 2
        }
        runs = value
      case "--corpus":
        guard let value = arguments.popFirst() else {
          FileHandle.standardError.write(Data("quire-bench: --corpus expects a folder\n".utf8))
          return 2
        }
        corpus = value
      default:
        names.append(argument)
      }
    }
    var suites: [any BenchSuite.Type] = []
    for name in names {
      guard let suite = Bench.suites.first(where: { $0.name == name }) else {
        let known = Bench.suites.map { $0.name }.joined(separator: ", ")
        FileHandle.standardError.write(
          Data("quire-bench: unknown suite '\(name)' (known: \(known))\n".utf8))
        return 2
      }
      suites.append(suite)
    }
    if suites.isEmpty { suites = Bench.suites }
    let options = BenchOptions(corpus: corpus, runs: runs)
    do {
      for suite in suites {
        print("\(suite.name) (median of \(runs) runs)")
        _ = try suite.run(options) { print(BenchReport.line($0), terminator: "") }
      }
    } catch {
      FileHandle.standardError.write(Data("quire-bench: \(error)\n".utf8))
      return 1
    }
    return 0
  }
}
