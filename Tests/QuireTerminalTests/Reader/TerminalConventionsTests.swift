import Foundation
import QuireTestSupport
import Testing

/// What every full-screen terminal program does, done by the reader: Ctrl-Z gives the shell
/// its terminal back and `fg` returns to the page; a terminal that cannot move the cursor
/// is refused with a pointer to `quire cat`, not sent escape sequences.
@Suite(.serialized, .enabled(if: TmuxReader.isAvailable, TmuxReader.skipMessage))
struct TerminalConventionsTests {
  /// In an interactive shell (job control on, as a person has it): Ctrl-Z stops the reader
  /// and the shell says so on the normal screen; `fg` draws the same page again, and the
  /// keys work.
  @Test func ctrlZSuspendsToTheShellAndFgComesBackToThePage() throws {
    let folder = try ScratchFolder.make("tmux")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let socket = "quire-test-" + UUID().uuidString.prefix(8)
    defer { _ = try? TmuxReader.tmux(socket, ["kill-server"]) }
    let environment = [
      "XDG_CONFIG_HOME=\(folder)/config", "XDG_DATA_HOME=\(folder)/data",
      "XDG_CACHE_HOME=\(folder)/cache", "TERM=xterm-256color", "PS1=shell> ",
    ]
    try TmuxReader.tmux(
      socket,
      ["new-session", "-d", "-x", "90", "-y", "24", "-s", "shell", "env", "-u", "NO_COLOR"]
        + environment + ["bash", "--norc", "--noprofile", "-i"])
    func screen() throws -> String {
      try TmuxReader.tmux(socket, ["capture-pane", "-p", "-t", "shell"])
    }
    @discardableResult
    func wait(_ what: String, until condition: @escaping (String) -> Bool) throws -> String {
      var last = ""
      try Deadline.wait(for: what, seconds: 30, seen: { last }) {
        last = try screen()
        return condition(last)
      }
      return last
    }
    try wait("the shell's prompt") { $0.contains("shell>") }
    let command = [TmuxReader.quire, "read", UIHandbook.path].map(TmuxReader.quoted)
    try TmuxReader.tmux(
      socket, ["send-keys", "-t", "shell", command.joined(separator: " "), "Enter"])
    let page = try wait("the handbook's first page") { TmuxReader.page(in: $0) != nil }
    try TmuxReader.tmux(socket, ["send-keys", "-t", "shell", "C-z"])
    let stopped = try wait("the shell to say the reader stopped") { $0.contains("Stopped") }
    #expect(TmuxReader.page(in: stopped) == nil, "the page is gone: \(stopped)")
    let alternate = try TmuxReader.tmux(
      socket, ["display-message", "-p", "-t", "shell", "#{alternate_on}"])
    #expect(alternate.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    try TmuxReader.tmux(socket, ["send-keys", "-t", "shell", "clear; fg", "Enter"])
    let back = try wait("the page again after fg") { TmuxReader.page(in: $0) != nil }
    #expect(TmuxReader.page(in: back) == TmuxReader.page(in: page))
    try TmuxReader.tmux(socket, ["send-keys", "-t", "shell", "j"])
    let next = (TmuxReader.page(in: page) ?? 0) + 1
    try wait("page \(next) after j") { TmuxReader.page(in: $0) == next }
    try TmuxReader.tmux(socket, ["send-keys", "-t", "shell", "q"])
    try wait("the prompt after quitting") { screen in
      TmuxReader.page(in: screen) == nil && screen.contains("shell>")
    }
  }

  /// `TERM=dumb`: the reader refuses, names `quire cat`, and writes no escape sequence.
  @Test func termDumbIsRefusedWithAPointerToQuireCat() throws {
    let reader = try TmuxReader([UIHandbook.path], environment: ["TERM": "dumb"])
    defer { reader.removeFolder() }
    #expect(try reader.waitForExit() != 0)
    #expect(reader.standardError.contains("TERM=dumb cannot move the cursor"))
    #expect(reader.standardError.contains("quire cat"))
    #expect(!reader.standardError.contains("\u{1B}"))
    #expect(try !reader.isInAlternateScreen())
    let (before, after) = try reader.terminalSettings()
    #expect(before == after)
  }
}
