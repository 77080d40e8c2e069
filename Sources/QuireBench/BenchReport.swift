import Foundation

/// One printed line per benchmark measurement.
public enum BenchReport {
  /// "  name: 412.3 ms (target ≤ 500 ms, ok) · Pango 1650.2 ms, 4.0× faster · notes".
  public static func line(_ result: BenchResult) -> String {
    var text = "  \(result.name): " + milliseconds(result.medianMilliseconds)
    if let target = result.targetMilliseconds {
      let verdict = result.medianMilliseconds <= target ? "ok" : "MISSED"
      text += " (target ≤ \(milliseconds(target)), \(verdict))"
    }
    if let peer = result.peer, let speedup = result.speedupOverPeer {
      text += " · \(peer.name) \(milliseconds(peer.medianMilliseconds)), "
      let factor = String(format: "%.2f×", speedup >= 1 ? speedup : 1 / speedup)
      text += factor + (speedup >= 1 ? " faster" : " slower")
      if let target = result.targetSpeedup {
        text += " (target ≥ \(String(format: "%.0f", target))×, "
        text += (speedup >= target ? "ok" : "MISSED") + ")"
      }
    }
    if let note = result.note { text += " · \(note)" }
    return text + "\n"
  }

  private static func milliseconds(_ value: Double) -> String {
    String(format: value < 10 ? "%.2f ms" : "%.1f ms", value)
  }
}
