/// Reading sessions and the library.
public enum Reading {
  /// The library's schema version, bumped by every migration.
  public static let schemaVersion = LibrarySchema.migrations.count
}
