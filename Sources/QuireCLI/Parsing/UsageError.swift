/// A command line that does not fit the command's signature: exit code 2, with the
/// message and the command's usage line on standard error.
struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, e.g. "unknown option '--jsn' (did you mean '--json'?)".
  var message: String
  /// The subcommand whose usage line goes with the message; nil for the top level.
  var command: String?

  /// Creates an error about `command`'s arguments.
  init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  var description: String { message }
}
