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

  /// Every text of the corpus once (other encodings of the same text left out): what the
  /// corpus-wide checks run over.
  public static let booksOneFilePerText = [
    "txt/en/war-and-peace_pg2600_utf8-bom-crlf.txt",
    "txt/en/pride-and-prejudice_pg1342_utf8.txt",
    "txt/de/die-verwandlung_pg22367_utf8.txt",
    "txt/en/alice-in-wonderland_pg11_utf8.txt",
    "txt/zh/hongloumeng_simplified_utf8-crlf.txt",
    "txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt",
    "txt/zh/sanguoyanyi_simplified_gbk-native.txt",
    "epub/idpf-moby-dick.epub",
    "epub/idpf-childrens-literature.epub",
    "epub/idpf-georgia-cfi.epub",
    "epub/idpf-accessible_epub_3.epub",
    "epub/idpf-cole-voyage-of-life.epub",
    "epub/idpf-wasteland-otf-obf.epub",
    "epub/idpf-regime-anticancer-arabic.epub",
    "epub/se-the-brothers-karamazov.epub",
    "epub/se-war-and-peace.epub",
    "epub/se-the-adventures-of-sherlock-holmes.epub",
    "epub/pg11-alice-in-wonderland_epub2-ncx.epub",
  ]
}
