/// Reading sessions and the library. (Skeleton: the library work fills this module.)
public enum Reading {
  /// The library's schema version, bumped by every migration.
  public static let schemaVersion = 0
}
