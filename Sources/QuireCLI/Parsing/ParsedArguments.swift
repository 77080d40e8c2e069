/// The result of parsing a command's arguments against its `CommandSignature`.
struct ParsedArguments: Sendable, Equatable {
  /// The long names of the flags that were given.
  var flags: Set<String> = []
  /// Option values by long name; when an option is repeated, the last value wins.
  var values: [String: String] = [:]
  /// Every value of each option, in order, for options that may be repeated.
  var allValues: [String: [String]] = [:]
  /// The positional arguments in order.
  var positionals: [String] = []

  /// Whether the flag `name` was given.
  func has(_ name: String) -> Bool { flags.contains(name) }

  /// The value of option `name`, if it was given.
  func value(_ name: String) -> String? { values[name] }

  /// Every value given for option `name`, in order (empty when not given).
  func values(_ name: String) -> [String] { allValues[name] ?? [] }

  /// The positional argument at `index`, if it was given.
  func positional(_ index: Int) -> String? {
    positionals.indices.contains(index) ? positionals[index] : nil
  }
}
