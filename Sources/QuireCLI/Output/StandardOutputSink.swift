import Foundation

/// The process's standard output and standard error.
public struct StandardOutputSink: OutputSink {
  /// Creates a sink on the process's streams.
  public init() {}

  /// Writes the UTF-8 bytes of `text` unbuffered, so output and errors interleave in the
  /// order they were produced.
  public func write(_ text: String, to channel: OutputChannel) {
    let handle: FileHandle =
      switch channel {
      case .standardOutput: .standardOutput
      case .standardError: .standardError
      }
    handle.write(Data(text.utf8))
  }
}
