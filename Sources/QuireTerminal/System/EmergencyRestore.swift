#if canImport(Glibc)
  import Glibc
#endif

/// Restores the terminal when the process dies of a fatal signal (a Swift runtime trap is
/// SIGILL or SIGTRAP, a bad access SIGSEGV or SIGBUS, an abort SIGABRT): the handler
/// writes the leave sequence, puts the saved terminal settings back, and re-raises the
/// signal with its default action so the process still dies as it would have.
///
/// The state lives in globals because a C signal handler can capture nothing; it is
/// written once before the handlers are installed and only read by them.
enum EmergencyRestore {
  nonisolated(unsafe) static var savedTermios = termios()
  nonisolated(unsafe) static var inputDescriptor: Int32 = 0
  nonisolated(unsafe) static var outputDescriptor: Int32 = 1
  nonisolated(unsafe) static var armed = false

  static let fatalSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

  static func install(termios: termios, descriptor: Int32, output: Int32) {
    savedTermios = termios
    inputDescriptor = descriptor
    outputDescriptor = output
    armed = true
    for signal in fatalSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        EmergencyRestore.restoreNow()
        Glibc.signal(number, SIG_DFL)
        raise(number)
      }
      action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
  }

  static func uninstall() {
    armed = false
    for signal in fatalSignals { Glibc.signal(signal, SIG_DFL) }
  }

  /// Only async-signal-safe calls.
  static func restoreNow() {
    guard armed else { return }
    armed = false
    TerminalDevice.leaveSequence.withUnsafeBytes { buffer in
      _ = Glibc.write(outputDescriptor, buffer.baseAddress, buffer.count)
    }
    tcsetattr(inputDescriptor, TCSAFLUSH, &savedTermios)
  }
}
