import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where tests write their files. Every folder a test asks for is made inside one folder
/// of the test process's own (`quire-tests-PID` in the temporary directory), which is
/// removed when the process exits; a run that was killed cannot remove its folder, so
/// the next run removes every `quire-tests-PID` folder whose process is gone. Nothing a
/// test writes outlives its run, whether or not the test cleans up after itself (a
/// machine that had run the suites a few hundred times held 10,000 folders in /tmp, a
/// 10 MB book in many of them).
///
/// A value is a folder removed when the value goes (`ScratchFolder().file("a.txt")`); the
/// static functions give folders and files that live until the run ends.
public final class ScratchFolder: Sendable {
  /// The folder's path, without a trailing slash.
  public let path: String

  /// A new, empty folder named after `purpose`, removed when the value is released.
  public init(_ purpose: String = "scratch") {
    path = Self.run + "/" + purpose + "-" + UUID().uuidString.prefix(8)
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The path of `name` in the folder (nothing is written there).
  public func file(_ name: String) -> String { path + "/" + name }

  /// A new, empty folder for one test or harness, named after `purpose` ("tmux",
  /// "dictionaries"), kept until the run ends; its path.
  public static func make(_ purpose: String = "scratch") throws -> String {
    let path = run + "/" + purpose + "-" + UUID().uuidString.prefix(8)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// The path of a file named `name` in a new folder kept until the run ends (nothing is
  /// written there).
  public static func file(_ name: String) throws -> String {
    try make((name as NSString).deletingPathExtension) + "/" + name
  }

  private static let prefix = "quire-tests-"

  /// This process's folder, made on first use, when the folders of ended runs go.
  private static let run: String = {
    let temporary = NSTemporaryDirectory()
    removeFoldersOfEndedRuns(in: temporary)
    let path = temporary + prefix + String(getpid())
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: ScratchFolder.run) }
    return path
  }()

  /// Removes `quire-tests-PID` folders of processes that no longer run (a PID reused by
  /// another process keeps its folder until a later run).
  private static func removeFoldersOfEndedRuns(in temporary: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
      if kill(pid, 0) == -1 && errno == ESRCH {
        try? FileManager.default.removeItem(atPath: temporary + name)
      }
    }
  }
}
