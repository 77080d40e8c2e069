import Foundation
import Testing

/// The shared test corpus (`../shared/corpus` beside the repository, or `$QUIRE_CORPUS`).
///
/// Tests that need it use `.enabled(if: Corpus.isAvailable, Corpus.skipMessage)` so that
/// they skip with a message where the corpus is absent.
enum Corpus {
  /// The corpus folder, when present.
  static let root: String? = {
    if let path = ProcessInfo.processInfo.environment["QUIRE_CORPUS"] { return path }
    let repository = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let path = repository.deletingLastPathComponent()
      .appendingPathComponent("shared/corpus").path
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }()

  /// Whether the corpus is present.
  static var isAvailable: Bool { root != nil }

  /// Why corpus tests were skipped.
  static let skipMessage: Comment = "the shared corpus (../shared/corpus) is absent"

  /// The full path of a corpus file, e.g. `path("txt/en/alice-in-wonderland_pg11_utf8.txt")`.
  static func path(_ relative: String) -> String {
    (root ?? "/nonexistent") + "/" + relative
  }

  /// The repository's own fixtures folder (`Tests/Fixtures`).
  static let fixtures: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures").path
}
