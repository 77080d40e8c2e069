/// Page rendering and page-turn effects. (Skeleton: the rendering work fills this module.)
public enum Rendering {
  /// Bumped whenever a change alters rendered pixels (golden images).
  public static let version = 1
}
