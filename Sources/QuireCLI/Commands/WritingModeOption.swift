import QuireTypesetting

/// `--writing-mode auto|horizontal|vertical` of `quire render` and `quire paginate`.
enum WritingModeOption {
  /// The option's value; nil when it is not given (the preferences' choice stands).
  static func value(_ arguments: ParsedArguments, command: String) throws(UsageError)
    -> LayoutSettings.WritingModeChoice?
  {
    guard let text = arguments.value("writing-mode") else { return nil }
    guard let mode = LayoutSettings.WritingModeChoice(rawValue: text) else {
      throw UsageError(
        "--writing-mode expects auto, horizontal or vertical, got '\(text)'", command: command)
    }
    return mode
  }
}
