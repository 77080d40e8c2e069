import Foundation
import Testing

/// The built `quire` program that the hostile-input tests run as a child process.
///
/// `$QUIRE_EXECUTABLE` wins (point it at a release build to check the product's time
/// limit); otherwise the `quire` built beside the test bundle, i.e. the same configuration
/// as the tests. When neither exists the tests skip with `skipMessage`.
enum QuireExecutable {
  /// The program's path, when it exists.
  static let path: String? = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["QUIRE_EXECUTABLE"] {
      return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
    var candidates: [URL] = []
    if let executable = Bundle.main.executableURL {
      candidates.append(executable.deletingLastPathComponent())
    }
    candidates.append(Bundle.main.bundleURL)
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    return candidates.map { $0.appendingPathComponent("quire").path }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  static var isAvailable: Bool { path != nil }

  static let skipMessage: Comment =
    "no built quire executable beside the test bundle (build it with `swift build`)"

  /// Whether the program is an optimised build: `QUIRE_EXECUTABLE` is taken to be one
  /// when its path says `release`.
  static var isRelease: Bool { path?.contains("/release/") ?? false }

  /// The product's limit is 2 s per hostile file. An unoptimised debug build runs the
  /// same work several times slower (SHA-256 of a 16 MB file alone takes ~2.5 s there),
  /// and a sanitizer build (`scripts/sanitize` sets `QUIRE_SANITIZER`) slower still, so
  /// with them the limit only guards against hangs and quadratic work.
  static var timeLimit: Duration {
    if ProcessInfo.processInfo.environment["QUIRE_SANITIZER"] != nil { return .seconds(120) }
    return isRelease ? .seconds(2) : .seconds(20)
  }

  /// The product's memory limit per hostile file; under AddressSanitizer (shadow memory,
  /// a 256 MB quarantine of freed blocks) only a guard against unbounded growth.
  static var memoryLimit: Int {
    ProcessInfo.processInfo.environment["QUIRE_SANITIZER"] != nil ? 2 << 30 : 200 << 20
  }
}
