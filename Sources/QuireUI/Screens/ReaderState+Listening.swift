extension ReaderState {
  /// What the status line and the window's HUD say of listening: "Reading aloud",
  /// "Narration paused", "stops in 12 min", "Auto turn"; nil when nothing is on.
  var listeningText: String? {
    var parts: [String] = []
    let reader = listening.isNarration ? "Narration" : "Reading aloud"
    switch listening.readAloud.phase {
    case .playing: parts.append(reader)
    case .paused: parts.append(reader + " paused")
    case .stopped: break
    }
    if let deadline = listening.readAloud.sleepDeadline {
      let minutes = max(1, Int(((deadline - listening.now) / 60).rounded(.up)))
      parts.append("stops in \(minutes) min")
    }
    switch listening.autoTurn.phase {
    case .running: parts.append("Auto turn")
    case .paused: parts.append("Auto turn paused")
    case .off: break
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }
}
