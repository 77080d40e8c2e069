/// Which face a glyph run uses: enough for a renderer to load it again.
public struct FontReference: Hashable, Sendable {
  /// Absolute path of the font file; empty for the terminal cell backend.
  public var path: String
  /// Face index inside the file (`.ttc` collections).
  public var faceIndex: Int

  /// Creates a reference to face `faceIndex` of the file at `path`.
  public init(path: String, faceIndex: Int) {
    self.path = path
    self.faceIndex = faceIndex
  }
}
