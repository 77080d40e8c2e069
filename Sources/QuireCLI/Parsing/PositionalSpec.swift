/// A positional argument a command accepts, such as `BOOK`.
struct PositionalSpec: Sendable {
  /// The placeholder shown in usage lines, e.g. "BOOK".
  var name: String
  /// Whether the argument may be left out.
  var isOptional: Bool
  /// One line of help.
  var help: String
  /// Whether the argument takes every remaining positional (`PATH…`); only the last
  /// positional may.
  var isRepeating = false

  /// A required argument.
  static func required(_ name: String, help: String) -> PositionalSpec {
    PositionalSpec(name: name, isOptional: false, help: help)
  }

  /// An argument that may be left out.
  static func optional(_ name: String, help: String) -> PositionalSpec {
    PositionalSpec(name: name, isOptional: true, help: help)
  }

  /// An argument that may be given any number of times, itself included zero: the last
  /// positional of a command, e.g. `PATH…`.
  static func repeating(_ name: String, help: String) -> PositionalSpec {
    PositionalSpec(name: name, isOptional: true, help: help, isRepeating: true)
  }
}
