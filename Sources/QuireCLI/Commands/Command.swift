/// A `quire` subcommand: its signature (for parsing and help) and what it does.
protocol Command: Sendable {
  /// What the command accepts and how it explains itself.
  static var signature: CommandSignature { get }

  /// Runs the command on parsed arguments.
  /// - Throws: `BookError` (exit code 1) or `UsageError` (exit code 2).
  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws
}

/// A subcommand as the dispatcher holds it: its signature and its `run`, as values.
struct CommandEntry: Sendable {
  var signature: CommandSignature
  var run: @Sendable (ParsedArguments, CommandContext) throws -> Void
}

extension Command {
  /// This command as a dispatcher entry.
  static var entry: CommandEntry {
    CommandEntry(signature: signature) { try run($0, in: $1) }
  }
}
