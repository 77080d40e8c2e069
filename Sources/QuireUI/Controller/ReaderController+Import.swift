import Foundation
import QuireBook

extension ReaderController {
  /// What opening a book takes from the preferences in force, with the replace rules
  /// beside the preferences file (none when the controller saves no preferences).
  var importOptions: ImportOptions {
    guard let file = configuration.preferencesFile else {
      return state.preferences.importOptions()
    }
    let rules = ReplaceRulesFile(beside: file).load()
    return state.preferences.importOptions(rules: rules.rules, ruleProblems: rules.problems)
  }

  /// The settings row's value for the replace rules of `preferencesFile`: how many, and
  /// the first that cannot be used.
  static func replaceRulesSummary(_ preferencesFile: PreferencesFile?) -> String {
    guard let preferencesFile else { return "none" }
    let file = ReplaceRulesFile(beside: preferencesFile)
    let (rules, problems) = file.load()
    let enabled = rules.filter(\.isEnabled).count
    var summary =
      rules.isEmpty && problems.isEmpty
      ? "none (\(file.url.path))"
      : "\(enabled) rule\(enabled == 1 ? "" : "s") in \(file.url.lastPathComponent)"
    if let problem = problems.first {
      summary +=
        "; \(problems.count) not used: \(problem.split(separator: ": ", maxSplits: 1).last ?? "")"
    }
    return summary
  }
}
