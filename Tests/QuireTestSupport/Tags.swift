import Foundation
public import Testing

extension Tag {
  /// Suites that read the whole shared corpus or lay out its longest books: minutes of
  /// CPU on every core.
  @Tag public static var corpus: Self

  /// Suites that drive a front end as a person does — the terminal reader in tmux, the
  /// window under Xvfb — and wait on what it shows. They live in QuireTerminalTests and
  /// QuireDesktopTests, and `make test` runs them in a step of their own, one at a time,
  /// never beside the corpus suites.
  @Tag public static var frontEnd: Self

  /// The tags `QUIRE_SKIP_TAGS` names (comma-separated, as written after the dot:
  /// `QUIRE_SKIP_TAGS=corpus,frontEnd`).
  static let skipped: Set<String> = Set(
    (ProcessInfo.processInfo.environment["QUIRE_SKIP_TAGS"] ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    })
}

extension Trait where Self == ConditionTrait {
  /// Leaves a suite tagged `tag` out when `QUIRE_SKIP_TAGS` names it, so a developer can
  /// skip the slow groups at once (`QUIRE_SKIP_TAGS=corpus,frontEnd swift test`): this
  /// toolchain's `swift test` filters by name only. Written beside `.tags(tag)`.
  public static func unlessSkipping(_ tag: Tag) -> Self {
    let name = String(describing: tag).trimmingPrefix(".")
    return .enabled(
      if: !Tag.skipped.contains(String(name)), "QUIRE_SKIP_TAGS leaves out the \(name) suites")
  }
}
