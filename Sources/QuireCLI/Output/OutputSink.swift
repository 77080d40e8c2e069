/// Which of the two standard streams a piece of output belongs on.
public enum OutputChannel: Sendable {
  /// Results: what a script pipes on (`quire toc BOOK | grep …`).
  case standardOutput
  /// Errors, usage messages and warnings.
  case standardError
}

/// Where the command line writes: the real streams in `quire`, a buffer in tests.
public protocol OutputSink: Sendable {
  /// Writes `text` as is (no newline is added) to `channel`.
  func write(_ text: String, to channel: OutputChannel)
}
