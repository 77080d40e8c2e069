import QuireBook

/// The `quire` command line. (Skeleton.)
public enum CLI {
  /// Runs `arguments` (without the program name) and returns the exit code.
  public static func run(_ arguments: [String]) -> Int32 {
    0
  }
}
