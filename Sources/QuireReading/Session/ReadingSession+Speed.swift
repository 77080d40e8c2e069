import Foundation

extension ReadingSession {
  /// The reader's speed and the time left in the chapter and the book at it; nil until
  /// some plausible reading was counted (now or in past sessions).
  public func timeEstimate() -> ReadingTimeEstimate? {
    guard let page = currentPage else { return nil }
    let inChapter = length(of: chapter) - page.range.lowerBound
    let later = readingOrder.filter { $0 > chapter }.reduce(0) { $0 + length(of: $1) }
    return speed.estimate(
      charactersLeftInChapter: inChapter, charactersLeftInBook: inChapter + later, now: clock())
  }

  /// The speed estimator as it stands (what counted so far, prior included).
  public var speedEstimator: ReadingSpeedEstimator { speed }

  /// Ends the session: records the last reading stretch in the library, stores the
  /// pagination if it became exact, and stops the work ahead.
  public func close() {
    cancelExactPass()
    background?.cancel()
    background = nil
    generation += 1
    let now = clock()
    if let page = currentPage {
      recordView(
        PageViewRecord(start: viewStart, end: now, characters: page.range.count, exit: .other),
        turned: false, at: now)
    }
    flushStretch(end: min(now, stretch.last.addingTimeInterval(speed.idleLimit)))
    storePaginationIfComplete()
  }

  /// Counts a page view towards speed and the current reading stretch.
  func recordView(_ view: PageViewRecord, turned: Bool, at now: Date) {
    if now.timeIntervalSince(stretch.last) > speed.idleLimit {
      flushStretch(end: stretch.last)
      stretch = ReadingStretch(start: now)
    }
    if speed.record(view) { stretch.characters += view.characters }
    if turned { stretch.pagesTurned += 1 }
    stretch.last = now
    // Written as it grows, so that a killed reader keeps most of its statistics.
    if now.timeIntervalSince(stretch.writtenAt ?? stretch.start) >= Self.stretchWriteInterval {
      writeStretch(end: now)
    }
  }

  /// How often a growing reading stretch is written to the library, in seconds.
  static var stretchWriteInterval: TimeInterval { 60 }

  /// Writes the current stretch to the library as a reading session, if anything
  /// happened, and starts a new one.
  func flushStretch(end: Date) {
    writeStretch(end: end)
    stretch = ReadingStretch(start: end)
  }

  /// Records the stretch as a reading session, or updates the one recorded earlier.
  private func writeStretch(end: Date) {
    guard options.records, let library, let bookID,
      stretch.pagesTurned > 0 || stretch.characters > 0
    else {
      return
    }
    let end = max(end, stretch.start)
    do {
      if let id = stretch.recordID {
        try library.updateSession(
          id, endedAt: end, charactersRead: stretch.characters,
          pagesTurned: stretch.pagesTurned)
      } else {
        stretch.recordID =
          try library.recordSession(
            bookID: bookID, startedAt: stretch.start, endedAt: end,
            charactersRead: stretch.characters, pagesTurned: stretch.pagesTurned
          ).id
      }
      stretch.writtenAt = end
    } catch {
      lastSaveError = error
    }
  }
}
