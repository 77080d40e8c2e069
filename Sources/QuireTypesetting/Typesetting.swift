import QuireBook

/// The typesetting engine's version; part of the pagination-cache key.
public enum Typesetting {
  /// Bumped whenever a change could move a page break.
  public static let engineVersion = 8
}
