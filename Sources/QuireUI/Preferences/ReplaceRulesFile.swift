public import Foundation
public import QuireBook

/// The reader's replace rules, `$XDG_CONFIG_HOME/quire/replace-rules.json` beside the
/// preferences: a JSON array of rules (`ReplaceRule`, after Legado's 替换净化) that clean
/// TXT books at import.
///
/// ```json
/// [
///   {"name": "site adverts", "pattern": "（本章完）"},
///   {"name": "addresses", "pattern": "[wＷ]{3}[.．]\\S+", "regex": true, "books": ["斗破苍穹"]}
/// ]
/// ```
///
/// Reading never fails: a missing file has no rules, an entry that is not a rule is named
/// with the file, and a rule whose regular expression does not compile is named too and
/// left out, the others applying.
public struct ReplaceRulesFile: Sendable {
  public let url: URL

  /// The file at `url`.
  public init(url: URL) { self.url = url }

  /// The reader's file, beside the preferences.
  public static func standard(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> ReplaceRulesFile {
    ReplaceRulesFile(
      url: PreferencesFile.configFolder(environment: environment).appending(
        path: "replace-rules.json"))
  }

  /// The file beside a preferences file.
  public init(beside preferences: PreferencesFile) {
    url = preferences.url.deletingLastPathComponent().appending(path: "replace-rules.json")
  }

  /// The rules, and what was wrong with the file.
  public func load() -> (rules: [ReplaceRule], problems: [String]) {
    guard let data = try? Data(contentsOf: url) else { return ([], []) }
    return ReplaceRules.parse(data, file: url.path)
  }
}
