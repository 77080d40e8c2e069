/// Copying for the terminal reader: OSC 52 to the terminal, and the desktop's clipboard
/// program where there is one (many terminals ignore OSC 52, GNOME's among them, and
/// none says whether it took it), with a message for the reader saying where the text
/// went.
public struct TerminalClipboard: Sendable {
  /// Where a copy went.
  public struct Report: Hashable, Sendable {
    /// Whether the OSC 52 sequence was written.
    public var sentToTerminal: Bool
    /// The program that took the text, if one did.
    public var tool: String?
    /// What the reader is told.
    public var message: String
    /// True when the text went nowhere for certain.
    public var failed: Bool
  }

  /// The environment: `TMUX`, `DISPLAY`, `WAYLAND_DISPLAY`, `PATH`.
  public var environment: [String: String]
  /// tmux's `set-clipboard` option, when the reader runs inside tmux and it was asked
  /// ("on", "external" or "off"); nil outside tmux.
  public var tmuxClipboard: String?

  /// A clipboard for a reader running with `environment`.
  public init(environment: [String: String], tmuxClipboard: String? = nil) {
    self.environment = environment
    self.tmuxClipboard = tmuxClipboard
  }

  /// Copies `text`: writes the OSC 52 sequence with `write` (the terminal's own output,
  /// so that it is ordered with the frames), then gives the text to the clipboard
  /// program, if any.
  public func copy(_ text: String, write: ([UInt8]) -> Void) -> Report {
    let characters = text.count
    let amount = "\(characters) character\(characters == 1 ? "" : "s")"
    var sent = false
    if let sequence = OSC52.sequence(copying: text) {
      write(sequence)
      sent = true
    }
    let tool = ClipboardTool.find(environment: environment)
    let tookIt = tool.map { $0.copy(text, environment: environment) } ?? false
    // Inside tmux, OSC 52 reaches a buffer only with `set-clipboard on`.
    let tmuxTakesIt = tmuxClipboard.map { $0 == "on" } ?? true
    let terminalTakesIt = sent && tmuxTakesIt
    var places: [String] = []
    if terminalTakesIt { places.append(tmuxClipboard == nil ? "the terminal" : "tmux") }
    if tookIt, let tool { places.append(tool.name) }
    guard !places.isEmpty else {
      var reason: String
      if !sent {
        reason = "it is too long for the terminal (\(OSC52.maximumBytes / 1024) KB at most)"
      } else {
        reason = "tmux ignores the terminal's copy unless 'set -g set-clipboard on'"
      }
      if let tool {
        reason += ", and \(tool.name) did not take it"
      } else {
        reason += ", and no wl-copy, xclip or xsel has a display here"
      }
      return Report(
        sentToTerminal: sent, tool: nil, message: "Nothing was copied: \(reason).", failed: true)
    }
    return Report(
      sentToTerminal: sent, tool: tookIt ? tool?.name : nil,
      message: "Copied \(amount) to the clipboard through \(places.joined(separator: " and ")).",
      failed: false)
  }
}
