/// What a subcommand accepts and how it explains itself: the parser's input and the
/// help text's source, so the two can never disagree.
struct CommandSignature: Sendable {
  /// An example invocation with what it does.
  struct Example: Sendable {
    /// The command line, starting with `quire`.
    var command: String
    /// What the command shows.
    var explanation: String
  }

  /// The subcommand's name, e.g. "info".
  var name: String
  /// One line: what the command does.
  var abstract: String
  /// Paragraphs of further explanation shown by `quire help COMMAND`.
  var discussion: [String] = []
  var positionals: [PositionalSpec] = []
  var options: [OptionSpec] = []
  var examples: [Example] = []

  /// The option `--help` / `-h` that every command accepts.
  static let helpOption = OptionSpec.flag("help", short: "h", help: "Show this help and exit.")

  /// The options as the parser sees them: the command's own plus `--help`.
  var allOptions: [OptionSpec] { options + [Self.helpOption] }

  /// The option with the long name `name`, if the command has one.
  func option(named name: String) -> OptionSpec? {
    allOptions.first { $0.name == name }
  }

  /// The option with the one-letter alias `short`, if the command has one.
  func option(short: Character) -> OptionSpec? {
    allOptions.first { $0.short == short }
  }
}
