/// A long option a command accepts: a flag (`--json`) or an option with a value
/// (`--chapter 3`, `--chapter=3`).
struct OptionSpec: Sendable {
  /// The long name without dashes, e.g. "chapter".
  var name: String
  /// A one-letter alias used with a single dash, e.g. "h" for `-h`.
  var short: Character?
  /// The placeholder of the value in help ("N"); nil makes the option a flag.
  var valueName: String?
  /// One line of help.
  var help: String

  /// A flag: present or absent, never followed by a value.
  static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: nil, help: help)
  }

  /// An option that takes a value, either as the next argument or after `=`.
  static func value(_ name: String, _ valueName: String, help: String) -> OptionSpec {
    OptionSpec(name: name, short: nil, valueName: valueName, help: help)
  }

  /// Whether the option is a flag.
  var isFlag: Bool { valueName == nil }

  /// How the option is written in usage lines and help: `--chapter N`, `--json`.
  var synopsis: String {
    let long = "--\(name)"
    let spelled = short.map { "-\($0), \(long)" } ?? long
    return valueName.map { "\(spelled) \($0)" } ?? spelled
  }
}
