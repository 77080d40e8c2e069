import Foundation
import QuireTestSupport
import Testing

/// Every input the fuzzers found a crash, a hang or an OOM with (`Tests/Fixtures/fuzz/
/// TARGET/`) is run again through its fuzz target, the same `FuzzTarget.run` that
/// libFuzzer calls in `quire-fuzz`, compiled into this test bundle: it must now run
/// cleanly (a trap or, under `scripts/sanitize address`, an ASan report fails the run).
/// Findings listed in `KNOWN_ISSUES` are not fixed yet and are skipped, as `scripts/fuzz`
/// skips them. Serialized: the targets share state (one font context, one scratch file
/// per process) because libFuzzer calls them from one thread.
@Suite(.serialized)
struct FuzzRegressionTests {
  @Test(arguments: FuzzFixtures.findings)
  func findingRunsCleanly(_ finding: String) throws {
    let name = String(finding.prefix { $0 != "/" })
    let target = try #require(
      FuzzTarget.all.first { $0.name == name }, "\(finding): no fuzz target '\(name)'")
    if let known = FuzzFixtures.knownIssues[finding] {
      withKnownIssue("\(finding):\(known) (not run: it still crashes)") {
        Issue.record("a known issue")
      }
      return
    }
    let bytes = try [UInt8](
      Data(contentsOf: URL(fileURLWithPath: FuzzFixtures.folder + "/" + finding)))
    target.run(bytes)
  }

  /// Every folder of findings is a fuzz target, so none is silently left out.
  @Test func everyFixtureFolderIsATarget() throws {
    let folders = try FileManager.default.contentsOfDirectory(atPath: FuzzFixtures.folder)
      .filter { name in
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(
          atPath: FuzzFixtures.folder + "/" + name, isDirectory: &isFolder) && isFolder.boolValue
      }
    let targets = Set(FuzzTarget.all.map(\.name))
    #expect(!folders.isEmpty)
    for folder in folders { #expect(targets.contains(folder), "\(folder) is not a fuzz target") }
  }
}

/// The committed fuzz findings.
enum FuzzFixtures {
  static let folder = Corpus.fixtures + "/fuzz"

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
