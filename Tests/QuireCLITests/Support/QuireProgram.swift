import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `quire` program, run as a child process — as `nobody` when the tests run as
/// root, so that file permissions apply to it.
///
/// `$QUIRE_EXECUTABLE` wins (to run the tests against another build); otherwise the
/// `quire` built beside the test bundle.
enum QuireProgram {
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  static let path: String? = {
    if let path = ProcessInfo.processInfo.environment["QUIRE_EXECUTABLE"] {
      return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
    let candidates = [
      Bundle.main.executableURL?.deletingLastPathComponent(), Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    return candidates.compactMap { $0?.appendingPathComponent("quire").path }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  static let setpriv = "/usr/bin/setpriv"
  /// `nobody` on Debian.
  static let unprivilegedID: UInt32 = 65534

  /// Whether `quire` exists and runs without root's power over file modes.
  static var canRunUnprivileged: Bool {
    path != nil && (getuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv))
  }

  static let skipMessage: Comment =
    "needs the built quire, and as root /usr/bin/setpriv to run it as nobody"

  /// Gives a file or folder to the user `quire` runs as.
  static func handOver(_ path: String) throws {
    guard getuid() == 0 else { return }
    try FileManager.default.setAttributes(
      [.ownerAccountID: unprivilegedID, .groupOwnerAccountID: unprivilegedID],
      ofItemAtPath: path)
    if let children = FileManager.default.enumerator(atPath: path) {
      for case let child as String in children {
        try FileManager.default.setAttributes(
          [.ownerAccountID: unprivilegedID, .groupOwnerAccountID: unprivilegedID],
          ofItemAtPath: path + "/" + child)
      }
    }
  }

  /// Runs `quire arguments` to completion (killed after 60 s), as `nobody` when the
  /// tests run as root and `unprivileged` is true, with `environment` over the tests' own.
  static func run(
    _ arguments: [String], unprivileged: Bool = true, environment extra: [String: String] = [:]
  ) throws -> Result {
    let program = try #require(path)
    let process = Process()
    if getuid() == 0 && unprivileged {
      process.executableURL = URL(fileURLWithPath: setpriv)
      process.arguments =
        [
          "--reuid=\(unprivilegedID)", "--regid=\(unprivilegedID)", "--clear-groups", program,
        ] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = arguments
    }
    var environment = ProcessInfo.processInfo.environment
    // The unprivileged user cannot write root's caches.
    environment["XDG_CACHE_HOME"] = NSTemporaryDirectory()
    environment.merge(extra) { $1 }
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let timer = DispatchSource.makeTimerSource()
    timer.schedule(deadline: .now() + 60)
    timer.setEventHandler { process.terminate() }
    timer.resume()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    timer.cancel()
    return Result(
      status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
      standardError: String(decoding: errData, as: UTF8.self))
  }
}
