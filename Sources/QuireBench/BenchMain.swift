import Foundation
import QuireCLI

extension Bench {
  /// `quire-bench [--runs N] [--corpus PATH] [SUITE…]`: runs the suites and prints a line
  /// per measurement (`--help`: the command's help, and nothing run); returns the exit code (2 for a wrong command line, 1 when a suite
  /// failed). The command line is `quire bench`'s, parsed by the same parser.
  public static func main(_ arguments: [String]) -> Int32 {
    let request: BenchCommand.Request
    do {
      request = try BenchCommand.parse(arguments)
    } catch {
      FileHandle.standardError.write(Data("quire-bench: \(error)\n".utf8))
      return 2
    }
    if let help = request.help {
      print(help, terminator: "")
      return 0
    }
    let suites = request.suites.isEmpty ? Bench.suites : request.suites.map(suite)
    let options = BenchOptions(corpus: request.corpus, runs: request.runs)
    do {
      for suite in suites {
        print("\(suite.name.rawValue) (median of \(request.runs) runs)")
        _ = try suite.run(options) { print(BenchReport.line($0), terminator: "") }
      }
    } catch {
      FileHandle.standardError.write(Data("quire-bench: \(error)\n".utf8))
      return 1
    }
    return 0
  }
}
