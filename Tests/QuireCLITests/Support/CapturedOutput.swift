import QuireBook
import QuireUI
import Synchronization

@testable import QuireCLI

/// An output sink that keeps what a command writes, per stream.
final class CapturedOutput: OutputSink {
  private let streams = Mutex<(out: String, err: String)>(("", ""))

  /// Everything written to standard output.
  var standardOutput: String { streams.withLock { $0.out } }
  /// Everything written to standard error.
  var standardError: String { streams.withLock { $0.err } }

  func write(_ text: String, to channel: OutputChannel) {
    streams.withLock { streams in
      switch channel {
      case .standardOutput: streams.out += text
      case .standardError: streams.err += text
      }
    }
  }
}

/// The outcome of one `quire` run: its exit code and what it printed.
struct RunResult {
  var status: Int32
  var standardOutput: String
  var standardError: String
}

/// Runs `quire` with `arguments`, capturing output; `book` (when given) is what every
/// book path opens to, otherwise books are opened from disk with `Book.open`.
func runQuire(_ arguments: [String], book: Book? = nil, width: Int = 80) -> RunResult {
  let output = CapturedOutput()
  let opener: @Sendable (String) throws -> Book =
    if let book { { _ in book } } else { { try Book.open($0) } }
  let context = CommandContext(
    output: output, openBook: opener, handbookPath: CommandContext.standard.handbookPath,
    lineWidth: width, readingSettings: { CommandSettings.reading(for: Preferences()) })
  let status = CLI.run(arguments, in: context)
  return RunResult(
    status: status, standardOutput: output.standardOutput, standardError: output.standardError)
}
