import Testing

@testable import QuireCLI

/// `quire bench` and `quire-bench` read one command line with one parser: the same run
/// counts (whole numbers only) and the same suite names, from one list.
@Suite struct BenchCommandTests {
  @Test func suitesAndRunsAreReadAsQuireReadsThem() throws {
    let request = try BenchCommand.parse(["layout", "--runs", "9", "terminal"])
    #expect(request.suites == [.layout, .terminal])
    #expect(request.runs == 9)
    #expect(request.corpus == "../shared/corpus")
    #expect(try BenchCommand.parse([]).suites.isEmpty, "no suite named: every suite")
    #expect(try BenchCommand.parse(["--corpus=/c", "import"]).corpus == "/c")
  }

  /// `quire-bench --help` prints the help and runs nothing (it once ran every suite).
  @Test func helpIsAskedForAndNothingElse() throws {
    for arguments in [["--help"], ["layout", "-h"], ["--runs", "nonsense", "--help"]] {
      let help = try #require(try BenchCommand.parse(arguments).help, "\(arguments)")
      #expect(help.contains("Usage: quire bench"))
      #expect(help.contains("--runs N"))
    }
    #expect(try BenchCommand.parse(["layout"]).help == nil)
  }

  @Test(arguments: [
    ["--runs", "+5"], ["--runs", "0"], ["--runs", "1e3"], ["layuot"], ["--rusn", "3"],
  ])
  func aWrongCommandLineIsAUsageError(_ arguments: [String]) {
    #expect(throws: UsageError.self) { try BenchCommand.parse(arguments) }
  }

  @Test func everySuiteIsListedInTheHelp() throws {
    let help = BenchCommand.signature.discussion.joined(separator: " ")
    for suite in BenchSuiteName.allCases {
      #expect(help.contains(suite.rawValue), "\(suite) is not in quire bench --help")
    }
  }
}
