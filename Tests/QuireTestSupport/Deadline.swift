import Foundation

/// A wait that gives up: every harness that waits on another process (a reader in tmux, a
/// window under Xvfb, a tool it runs) polls through one of these, so a test on a busy
/// machine fails with what it was waiting for instead of hanging.
public struct Deadline: Sendable {
  /// What is awaited, for the failure message ("the first page").
  public let what: String
  /// How long the wait may take, in seconds, patience included.
  public let seconds: Double
  private let end: ContinuousClock.Instant

  /// How many times longer than their nominal time the waits may take:
  /// `QUIRE_TEST_PATIENCE` (1 by default; 3 on a machine that is slow or shared).
  public static let patience: Double = {
    let text = ProcessInfo.processInfo.environment["QUIRE_TEST_PATIENCE"] ?? ""
    return Double(text).map { max(1, $0) } ?? 1
  }()

  /// A deadline `seconds` from now (times `patience`) for `what`.
  public init(_ what: String, seconds: Double) {
    self.what = what
    self.seconds = seconds * Self.patience
    end = .now + .seconds(self.seconds)
  }

  /// Whether the time is up.
  public var hasPassed: Bool { ContinuousClock.now >= end }

  /// The error to throw when the time is up, with what was last seen.
  public func timeout(_ seen: String = "") -> DeadlineError {
    DeadlineError(
      description: "timed out after \(Int(seconds.rounded())) s waiting for \(what)"
        + (seen.isEmpty ? "" : "; last seen:\n\(seen)"))
  }

  /// Polls `condition` every `interval` seconds until it holds; throws `DeadlineError`
  /// (with `seen()` in its message) when the time is up first.
  public static func wait(
    for what: String, seconds: Double, interval: Double = 0.05, seen: () -> String = { "" },
    until condition: () throws -> Bool
  ) throws {
    let deadline = Deadline(what, seconds: seconds)
    while true {
      if try condition() { return }
      if deadline.hasPassed { throw deadline.timeout(seen()) }
      Thread.sleep(forTimeInterval: interval)
    }
  }
}

/// A wait that ran out of time, naming what it waited for.
public struct DeadlineError: Error, CustomStringConvertible {
  public var description: String
}
