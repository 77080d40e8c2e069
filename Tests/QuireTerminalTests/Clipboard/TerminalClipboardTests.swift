import Foundation
import QuireTestSupport
import Testing

@testable import QuireTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Copying from the terminal reader reaches a real clipboard: tmux's buffer through OSC 52,
/// and an X server's clipboard through xclip.
@Suite struct TerminalClipboardTests {
  let passage = "“Curiouser and curiouser!” cried Alice.\n\n好奇怪啊！"

  @Test func theSequenceCarriesTheTextInBase64() throws {
    let sequence = try #require(OSC52.sequence(copying: passage))
    let text = String(decoding: sequence, as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}]52;c;") && text.hasSuffix("\u{07}"))
    let payload = text.dropFirst(7).dropLast()
    let decoded = try #require(Data(base64Encoded: String(payload)))
    #expect(String(decoding: decoded, as: UTF8.self) == passage)
    #expect(OSC52.sequence(copying: passage, to: .primary).map { $0[5] } == UInt8(ascii: "p"))
    #expect(OSC52.sequence(copying: String(repeating: "x", count: OSC52.maximumBytes + 1)) == nil)
  }

  /// The sequence written into a tmux pane with `set-clipboard on` becomes tmux's buffer.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
  func tmuxTakesTheSequenceIntoItsBuffer() throws {
    let folder = try ScratchFolder.make("osc52")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sequenceFile = folder + "/copy"
    try Data(try #require(OSC52.sequence(copying: passage))).write(to: URL(filePath: sequenceFile))
    let socket = "quire-osc52-" + UUID().uuidString.prefix(8)
    defer { _ = try? TmuxReader.tmux(socket, ["kill-server"]) }
    try TmuxReader.tmux(
      socket, ["new-session", "-d", "-x", "80", "-y", "10", "-s", "c", "sleep 60"])
    try TmuxReader.tmux(socket, ["set-option", "-g", "set-clipboard", "on"])
    try TmuxReader.tmux(
      socket, ["respawn-pane", "-k", "-t", "c", "cat \(TmuxReader.quoted(sequenceFile)); sleep 60"])
    let deadline = Date().addingTimeInterval(10)
    var buffer = ""
    while Date() < deadline {
      buffer = (try? TmuxReader.tmux(socket, ["show-buffer"])) ?? ""
      if !buffer.isEmpty { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(buffer == passage, "tmux's buffer after the sequence")
  }

  @Test func findsTheProgramForTheDisplayThere() throws {
    let folder = try ScratchFolder.make("tools")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in ["wl-copy", "xsel"] {
      _ = FileManager.default.createFile(
        atPath: folder + "/" + name, contents: Data("#!/bin/sh\n".utf8),
        attributes: [.posixPermissions: 0o755])
    }
    let path = ["PATH": folder]
    #expect(ClipboardTool.find(environment: path) == nil, "no display, no program")
    #expect(ClipboardTool.find(environment: path.merging(["DISPLAY": ":5"]) { $1 })?.name == "xsel")
    #expect(
      ClipboardTool.find(environment: path.merging(["WAYLAND_DISPLAY": "wayland-0"]) { $1 })?.name
        == "wl-copy")
  }

  @Test func saysWhereTheTextWentOrWhyNowhere() {
    var written: [UInt8] = []
    let plain = TerminalClipboard(environment: ["PATH": "/nonexistent"])
    let report = plain.copy("tea") { written += $0 }
    #expect(report.message == "Copied 3 characters to the clipboard through the terminal.")
    #expect(!report.failed && !written.isEmpty)
    let tmuxOff = TerminalClipboard(
      environment: ["PATH": "/nonexistent"], tmuxClipboard: "external")
    let refused = tmuxOff.copy("tea") { _ in }
    #expect(refused.failed)
    #expect(
      refused.message
        == "Nothing was copied: tmux ignores the terminal's copy unless 'set -g set-clipboard on', "
        + "and no wl-copy, xclip or xsel has a display here.")
  }

  /// Under an X server of its own, xclip takes the text: `xclip -o` reads it back.
  @Test(
    .enabled(
      if: ["/usr/bin/Xvfb", "/usr/bin/xclip"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
      }, "Xvfb or xclip is missing (run scripts/setup)"))
  func xclipTakesTheTextUnderX() throws {
    let display = ":\(Int.random(in: 3000...6000))"
    var server: pid_t = 0
    let words = ["/usr/bin/Xvfb", display, "-nolisten", "tcp"]
    var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let spawned = posix_spawn(&server, "/usr/bin/Xvfb", &actions, nil, &argv, environ)
    try #require(spawned == 0)
    defer {
      kill(server, SIGKILL)
      var status: Int32 = 0
      waitpid(server, &status, 0)
    }
    let environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
    let clipboard = TerminalClipboard(environment: environment)
    // The server takes a moment to listen: until then xclip fails and says so.
    var report = clipboard.copy(passage) { _ in }
    let deadline = Date().addingTimeInterval(10)
    while report.tool == nil && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
      report = clipboard.copy(passage) { _ in }
    }
    #expect(report.tool == "xclip")
    #expect(report.message.hasSuffix("through the terminal and xclip."))
    let reader = Process()
    reader.executableURL = URL(filePath: "/usr/bin/xclip")
    reader.arguments = ["-o", "-selection", "clipboard"]
    reader.environment = environment
    let output = Pipe()
    reader.standardOutput = output
    try reader.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    reader.waitUntilExit()
    #expect(String(decoding: data, as: UTF8.self) == passage)
  }
}
