/// Benchmarks behind `quire bench`. (Skeleton: the benchmark work fills this module.)
public enum Bench {
  /// The benchmark suites `quire bench` knows.
  public static let suites: [String] = []
}
