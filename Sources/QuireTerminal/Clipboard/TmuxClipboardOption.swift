import Foundation

/// tmux's `set-clipboard` option, asked once when the reader runs inside tmux: whether
/// OSC 52 from the reader reaches a tmux buffer (only with `on`).
enum TmuxClipboardOption {
  /// "on", "external" or "off"; nil outside tmux (no `TMUX`) or when tmux does not answer.
  static func value(environment: [String: String]) -> String? {
    guard environment["TMUX"] != nil else { return nil }
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["tmux", "show-options", "-gv", "set-clipboard"]
    process.environment = environment
    let output = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let value = String(decoding: data, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    return value.isEmpty ? nil : value
  }
}
