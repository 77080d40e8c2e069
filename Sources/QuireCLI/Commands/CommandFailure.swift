/// A runtime failure of a command that is not the book's fault (a library entry that is
/// missing, an id that does not exist): exit code 1 with the message on standard error.
struct CommandFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong and what to do about it.
  var message: String

  /// Creates a failure with `message`.
  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
