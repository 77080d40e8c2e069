/// A positional argument a command accepts, such as `BOOK`.
struct PositionalSpec: Sendable {
  /// The placeholder shown in usage lines, e.g. "BOOK".
  var name: String
  /// Whether the argument may be left out.
  var isOptional: Bool
  /// One line of help.
  var help: String
  /// Whether the argument may be given any number of times (the last positional only).
  var isRepeated = false

  /// A required argument.
  static func required(_ name: String, help: String) -> PositionalSpec {
    PositionalSpec(name: name, isOptional: false, help: help)
  }

  /// An argument that may be left out.
  static func optional(_ name: String, help: String) -> PositionalSpec {
    PositionalSpec(name: name, isOptional: true, help: help)
  }

  /// An argument that may be left out or given several times (`SUITE…`); must come last.
  static func repeated(_ name: String, help: String) -> PositionalSpec {
    PositionalSpec(name: name, isOptional: true, help: help, isRepeated: true)
  }
}
