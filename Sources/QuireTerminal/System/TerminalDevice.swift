import Foundation
import QuireBook

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal the reader runs in: raw mode and the alternate screen while reading, and
/// the terminal exactly as it was on every way out.
///
/// One guard owns the terminal's state (ratatui's and notcurses' rule). `restore()` is
/// idempotent and is also what the fatal-signal handler runs, with nothing but `write` and
/// `tcsetattr` — the calls that are safe in a signal handler.
final class TerminalDevice: @unchecked Sendable {
  let input: Int32
  let output: Int32
  private var saved = termios()
  private(set) var isActive = false

  /// The sequence that leaves the reader's modes: mouse reports off, cursor shown,
  /// attributes reset, the alternate screen left.
  static let leaveSequence = Array(
    "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?25h\u{1B}[0m\u{1B}[?1049l"
      .utf8)
  /// Enters the alternate screen, hides the cursor, turns on mouse reports (SGR form):
  /// presses, releases and moves while a button is held (a drag selects).
  static let enterSequence = Array(
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[2J".utf8)

  init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.input = input
    self.output = output
  }

  /// Whether both ends are terminals.
  static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Enters raw mode and the alternate screen; registers the emergency restore.
  func activate() throws {
    guard tcgetattr(input, &saved) == 0 else {
      throw TerminalError(
        "the terminal's settings could not be read (\(String(cString: strerror(errno))))")
    }
    var raw = saved
    cfmakeraw(&raw)
    // Output post-processing stays as it was, so "\n" still moves to a new line if
    // anything is printed before the first frame.
    raw.c_oflag = saved.c_oflag
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      throw TerminalError("raw mode could not be set (\(String(cString: strerror(errno))))")
    }
    isActive = true
    EmergencyRestore.install(termios: saved, descriptor: input, output: output)
    write(Self.enterSequence)
  }

  /// Leaves raw mode and the alternate screen; safe to call more than once.
  func restore() {
    guard isActive else { return }
    isActive = false
    write(Self.leaveSequence)
    var original = saved
    tcsetattr(input, TCSAFLUSH, &original)
    EmergencyRestore.uninstall()
  }

  /// Ctrl-Z: gives the terminal back as it was, stops the process with SIGTSTP as every
  /// full-screen program does (the shell then shows its prompt, and `fg` resumes it), and
  /// takes the terminal again when the process continues. The caller redraws everything.
  ///
  /// SIGTSTP is ignored while the reader watches it, so its default action (stop) is put
  /// back and the signal unblocked in this thread for the `raise`. A process group that no
  /// shell controls (orphaned) is not stopped by it: the reader then goes on at once.
  func suspend() {
    let wasActive = isActive
    restore()
    let previous = signal(SIGTSTP, SIG_DFL)
    var stop = sigset_t()
    var mask = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &mask)
    raise(SIGTSTP)
    // Here again after SIGCONT.
    pthread_sigmask(SIG_SETMASK, &mask, nil)
    signal(SIGTSTP, previous)
    if wasActive { try? activate() }
  }

  /// After SIGCONT (the process was stopped by another signal than the reader's own, and
  /// the shell may have changed the terminal's modes): raw mode and the reader's screen
  /// again, with the settings saved when it started.
  func reassert() {
    guard isActive else { return }
    var raw = saved
    cfmakeraw(&raw)
    raw.c_oflag = saved.c_oflag
    tcsetattr(input, TCSAFLUSH, &raw)
    write(Self.enterSequence)
  }

  /// The terminal's size in cells (80×24 when it cannot say).
  var size: (columns: Int, rows: Int) {
    var window = winsize()
    if ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
      return (Int(window.ws_col), Int(window.ws_row))
    }
    return (80, 24)
  }

  /// The pixels of one cell, when the terminal says (xterm, kitty and foot do); 10 × 20
  /// otherwise.
  var cellPixels: (width: Int, height: Int) {
    var window = winsize()
    if ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0,
      window.ws_xpixel > 0, window.ws_ypixel > 0
    {
      return (
        max(1, Int(window.ws_xpixel) / Int(window.ws_col)),
        max(1, Int(window.ws_ypixel) / Int(window.ws_row))
      )
    }
    return (10, 20)
  }

  /// Sends `request` and reads the answer up to the end of the primary device attributes
  /// (`ESC [ ? … c`), for at most `timeout` milliseconds; "" when nothing came.
  func ask(_ request: String, timeout: Int32 = 200) -> String {
    write(Array(request.utf8))
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    var deadline = timeout
    while deadline > 0 {
      var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      let started = Stopwatch.now()
      guard poll(&poller, 1, deadline) > 0 else { break }
      let count = read(input, &buffer, buffer.count)
      guard count > 0 else { break }
      answer += buffer[0..<count]
      if let text = String(bytes: answer, encoding: .utf8), let start = text.range(of: "\u{1B}[?"),
        text[start.upperBound...].contains("c")
      {
        break
      }
      deadline -= Int32(Stopwatch.milliseconds(since: started))
    }
    return String(decoding: answer, as: UTF8.self)
  }

  /// Writes all of `bytes` in as few `write` calls as the kernel allows; false when the
  /// terminal is gone.
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }
}

/// A terminal problem, with what went wrong.
struct TerminalError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
