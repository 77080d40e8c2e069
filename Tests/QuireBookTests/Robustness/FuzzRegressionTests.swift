import Foundation
import Testing

/// Every input the fuzzers found a crash with (`Tests/Fixtures/fuzz/TARGET/`) is replayed
/// through the fuzz build (`scripts/fuzz` makes it): it must now run cleanly. Findings
/// listed in `KNOWN_ISSUES` are not fixed yet and are recorded as known issues.
@Suite(.enabled(if: FuzzFixtures.fuzzer != nil, "no fuzz build (run scripts/fuzz 0)"))
struct FuzzRegressionTests {
  @Test(arguments: FuzzFixtures.findings)
  func findingRunsCleanly(_ finding: String) throws {
    let target = String(finding.prefix { $0 != "/" })
    let fuzzer = ChildProcess(executable: try #require(FuzzFixtures.fuzzer))
    let outcome = try fuzzer.run(
      [FuzzFixtures.folder + "/" + finding],
      environment: [
        "QUIRE_FUZZ_TARGET": target, "SWIFT_BACKTRACE": "enable=no",
        "ASAN_OPTIONS": "detect_leaks=0",
      ],
      timeout: .seconds(60))
    if let known = FuzzFixtures.knownIssues[finding] {
      withKnownIssue("\(finding):\(known)", isIntermittent: true) {
        #expect(outcome.exitCode == 0, "\(outcome)")
      }
    } else {
      #expect(
        outcome.exitCode == 0, "\(finding): \(outcome)\n\(outcome.standardError.suffix(3000))")
    }
  }
}

/// The committed fuzz findings and the fuzz build that replays them.
enum FuzzFixtures {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let fuzzer: String? = {
    let path = repository.appendingPathComponent(".build/fuzz/release/quire-fuzz").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }()

  static let folder = repository.appendingPathComponent("Tests/Fixtures/fuzz").path

  /// "target/file" of every finding.
  static let findings: [String] = {
    let targets = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return targets.sorted().flatMap { target in
      let files = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + target))
      return (files ?? []).sorted().map { target + "/" + $0 }
    }
  }()

  /// "target/file" → why, for findings not fixed yet.
  static let knownIssues: [String: String] = {
    let text = (try? String(contentsOfFile: folder + "/KNOWN_ISSUES", encoding: .utf8)) ?? ""
    var issues: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2 { issues[String(parts[0])] = String(parts[1]) }
    }
    return issues
  }()
}
