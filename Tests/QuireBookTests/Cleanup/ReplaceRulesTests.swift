import Foundation
import Testing

@testable import QuireBook

/// The reader's replace rules: read from JSON with clear messages, applied at import, plain
/// or regular, per book, and bounded in time.
struct ReplaceRulesTests {
  @Test func aRuleThatDoesNotCompileIsNamed() {
    let json = """
      [{"name": "ads", "pattern": "（本章完）"},
       {"name": "broken", "pattern": "(unclosed", "regex": true},
       {"pattern": ""}, 42]
      """
    let (rules, problems) = ReplaceRules.parse(Data(json.utf8), file: "rules.json")
    #expect(rules.map(\.name) == ["ads"])
    #expect(problems.contains { $0.hasPrefix("rules.json: rule “broken”: the pattern (unclosed") })
    #expect(problems.contains { $0 == "rules.json: rule “rule 3” has no pattern" })
    #expect(problems.contains { $0 == "rules.json: rule 4 is not an object" })
    #expect(ReplaceRules.parse(Data("{}".utf8), file: "f").problems.count == 1)
  }

  @Test func plainAndRegularRulesReplaceLineByLine() {
    let rules = [
      ReplaceRule(name: "end", pattern: "（本章完）"),
      ReplaceRule(name: "site", pattern: "[wＷ]{3}[.．][a-z.]+", replacement: "", isRegex: true),
      ReplaceRule(name: "names", pattern: "(黛)玉", replacement: "$1姑娘", isRegex: true),
      ReplaceRule(name: "other book", pattern: "宝玉", books: ["三国"]),
    ]
    let text = "宝玉见了黛玉（本章完）\n请到www.site.com看\n黛玉笑了"
    let (result, report) = ReplaceRules.apply(rules, to: Array(text.utf8), fileName: "红楼梦.txt")
    #expect(String(decoding: result, as: UTF8.self) == "宝玉见了黛姑娘\n请到看\n黛姑娘笑了")
    #expect(report.applied.map(\.name) == ["end", "site", "names"])
    #expect(report.applied.map(\.count) == [1, 1, 2])
  }

  @Test func aCatastrophicPatternIsStoppedInTime() {
    let rule = ReplaceRule(name: "slow", pattern: "(a+)+$", isRegex: true)
    let line = String(repeating: "a", count: 40) + "b"
    let text = Array(Array(repeating: line, count: 3).joined(separator: "\n").utf8)
    let clock = ContinuousClock()
    var report = ReplaceRules.Report()
    let elapsed = clock.measure {
      report = ReplaceRules.apply([rule], to: text, fileName: "x.txt").report
    }
    #expect(elapsed < .seconds(10))
    #expect(report.problems == ["replace rule “slow” took more than 1.0 seconds and was stopped"])
  }

  @Test func rulesApplyAtImportAndChangeTheBooksIdentity() throws {
    let path = try ScratchFolder.file("rules.txt")
    try "第一回 开头\n\n宝玉来了。（本章完）\n\n第二回 后来\n\n黛玉走了。\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var options = ImportOptions()
    options.replaceRules = [ReplaceRule(name: "end", pattern: "（本章完）")]
    options.replaceRuleProblems = [
      "rules.json: rule “broken”: the pattern ( is not a valid regular expression"
    ]
    let plain = try Book.open(path)
    let cleaned = try Book.open(path, options: options)
    #expect(try plain.text(ofChapter: 0).string.contains("（本章完）"))
    #expect(try !cleaned.text(ofChapter: 0).string.contains("（本章完）"))
    #expect(plain.contentHash != cleaned.contentHash)
    #expect(cleaned.warnings.map(\.message).contains("replace rule “end” changed 1 place"))
    #expect(cleaned.warnings.map(\.message).contains { $0.contains("rule “broken”") })
  }
}
