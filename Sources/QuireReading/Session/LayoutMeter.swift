/// Counts the pages laid out by a session, by what asked for them.
///
/// Tests read it to prove that work did not happen: a reopened book with a cached
/// pagination lays out no page for counting, a turn onto a prefetched page lays out none
/// while the reader waits.
final class LayoutMeter {
  /// Who is laying out now.
  enum Purpose {
    /// A page the reader asked for and is waiting on.
    case foreground
    /// Neighbouring pages and chapters prepared ahead.
    case ahead
    /// The background pass that makes page numbers exact.
    case counting
  }

  var purpose = Purpose.foreground
  private(set) var counts = LayoutCounts()

  func record(_ pages: Int) {
    guard pages > 0 else { return }
    switch purpose {
    case .foreground: counts.foreground += pages
    case .ahead: counts.ahead += pages
    case .counting: counts.counting += pages
    }
  }

  /// Runs `work` counting its pages under `purpose`.
  func during<T>(_ purpose: Purpose, _ work: () -> T) -> T {
    let saved = self.purpose
    self.purpose = purpose
    defer { self.purpose = saved }
    return work()
  }
}

/// Pages laid out by a session so far, by purpose.
package struct LayoutCounts: Hashable, Sendable {
  /// Pages laid out while the reader waited for one.
  package var foreground = 0
  /// Pages laid out ahead of the reader.
  package var ahead = 0
  /// Pages laid out by the full pass that makes page numbers exact.
  package var counting = 0

  /// All pages laid out.
  package var total: Int { foreground + ahead + counting }
}
