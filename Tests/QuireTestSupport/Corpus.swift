import Foundation
public import Testing

/// The shared test corpus (`../shared/corpus` beside the repository, or `$QUIRE_CORPUS`),
/// and the repository's own fixtures, for every test target.
///
/// Tests that need the corpus use `.enabled(if: Corpus.isAvailable, Corpus.skipMessage)`
/// so that they skip with a message where it is absent.
public enum Corpus {
  /// The repository's root folder (this file is `Tests/QuireTestSupport/Corpus.swift`).
  private static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The corpus folder, when present.
  public static let root: String? = {
    if let path = ProcessInfo.processInfo.environment["QUIRE_CORPUS"] { return path }
    let path = repository.deletingLastPathComponent()
      .appendingPathComponent("shared/corpus").path
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }()

  /// Whether the corpus is present.
  public static var isAvailable: Bool { root != nil }

  /// Why corpus tests were skipped.
  public static let skipMessage: Comment = "the shared corpus (../shared/corpus) is absent"

  /// The full path of a corpus file, e.g. `path("txt/en/alice-in-wonderland_pg11_utf8.txt")`.
  public static func path(_ relative: String) -> String {
    (root ?? "/nonexistent") + "/" + relative
  }

  /// The bundled handbook, an unpacked EPUB folder (`Sources/QuireCLI/Handbook`).
  public static let handbook: String =
    repository.appendingPathComponent("Sources/QuireCLI/Handbook").path

  /// The repository's own fixtures folder (`Tests/Fixtures`).
  public static let fixtures: String = repository.appendingPathComponent("Tests/Fixtures").path
}
