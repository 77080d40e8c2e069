import Foundation

/// Whether output goes to a terminal, and the little styling Quire does there.
///
/// Only the real streams (`StandardOutputSink`) can be terminals; captured output in tests
/// never is, so tests see the plain forms.
enum TerminalStyle {
  /// Whether `channel` of `context` is an interactive terminal.
  static func isTerminal(_ channel: OutputChannel, in context: CommandContext) -> Bool {
    guard context.output is StandardOutputSink else { return false }
    return isatty(channel == .standardOutput ? 1 : 2) == 1
  }

  /// `text` in bold (ANSI SGR 1), or in brackets where styles are off: not a terminal, or
  /// `$NO_COLOR` set (https://no-color.org).
  static func emphasized(_ text: String, styled: Bool) -> String {
    styled ? "\u{1B}[1m\(text)\u{1B}[22m" : "[\(text)]"
  }

  /// Whether styles should be used on standard output.
  static func stylesStandardOutput(in context: CommandContext) -> Bool {
    isTerminal(.standardOutput, in: context)
      && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
  }

  /// A line that replaces the previous one on a terminal: carriage return, the text, and
  /// "erase to end of line".
  static func overwritingLine(_ text: String) -> String {
    "\r\(text)\u{1B}[K"
  }
}
