public import QuireBook

extension Preferences {
  /// What opening a book takes from these preferences: site lines left out or kept, the
  /// script Chinese books are shown in, whether vertical books turn left to right (every
  /// book set horizontally), and the reader's replace rules with what was wrong with them.
  public func importOptions(rules: [ReplaceRule] = [], ruleProblems: [String] = []) -> ImportOptions
  {
    var options = ImportOptions()
    options.removesSiteJunk = removeSiteJunk
    options.scriptConversion = ScriptConversion(rawValue: chineseConversion)
    options.prefersHorizontalText = writingMode == "horizontal"
    options.replaceRules = rules
    options.replaceRuleProblems = ruleProblems
    return options
  }
}

extension PreferencesFile {
  /// The import options of the preferences in this file and the replace rules beside it.
  public func importOptions() -> ImportOptions {
    let rules = ReplaceRulesFile(beside: self).load()
    return load().preferences.importOptions(rules: rules.rules, ruleProblems: rules.problems)
  }
}

extension Preferences {
  /// Whether going from `before` to these preferences changes how books are read in: the
  /// script, site lines, or vertical books' direction.
  package func changesImport(from before: Preferences) -> Bool {
    before.chineseConversion != chineseConversion || before.removeSiteJunk != removeSiteJunk
      || (before.writingMode == "horizontal") != (writingMode == "horizontal")
  }
}
