import Foundation
import QuireBook

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

  /// Says whether something covers the page: a panel, a menu, a popup or a dialog. The
  /// time the page spends covered is not reading: it is taken out of the page's view
  /// (so it counts neither towards speed nor towards the time read).
  public func setCovered(_ covered: Bool) {
    let now = clock()
    if covered {
      if coveredSince == nil { coveredSince = now }
    } else if let since = coveredSince {
      viewStart = min(now, viewStart.addingTimeInterval(max(0, now.timeIntervalSince(since))))
      coveredSince = nil
    }
  }

  /// Whether the page is covered (`setCovered`).
  public var isCovered: Bool { coveredSince != nil }

  /// When the page shown came, moved on by the time it spent covered up to `now`.
  func takeViewStart(at now: Date) -> Date {
    guard let since = coveredSince else { return viewStart }
    coveredSince = now
    return min(now, viewStart.addingTimeInterval(max(0, now.timeIntervalSince(since))))
  }

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
        PageViewRecord(
          start: takeViewStart(at: now), end: now, characters: page.range.count, exit: .other),
        turned: false, at: now)
    }
    flushStretch(end: min(now, stretch.last.addingTimeInterval(ReadingStretch.idleLimit)))
    storePaginationIfComplete()
  }

  /// Writes the reading stretch so far (up to the last page turned) to the library now,
  /// rather than at the next minute's write, so that statistics read at once include it;
  /// the stretch goes on, and later writes update the same session.
  public func saveReadingSoFar() {
    writeStretch(end: stretch.last)
  }

  /// Counts a page view towards speed, time read and the current reading stretch.
  func recordView(_ view: PageViewRecord, turned: Bool, at now: Date) {
    if now.timeIntervalSince(stretch.last) > ReadingStretch.idleLimit {
      flushStretch(end: stretch.last)
      stretch = ReadingStretch(start: now)
    }
    if speed.isReading(view) {
      stretch.timeRead += view.duration
      stretch.pagesRead += view.pages
    }
    if speed.record(view) {
      stretch.characters += view.characters
      stretch.speedSeconds += view.duration
    }
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
      stretch.pagesTurned > 0 || stretch.characters > 0 || stretch.pagesRead > 0
    else {
      return
    }
    let end = max(end, stretch.start)
    let timing = ReadingTiming(
      speedSeconds: stretch.speedSeconds, timeRead: stretch.timeRead,
      pagesRead: stretch.pagesRead, script: speed.script)
    do {
      if let id = stretch.recordID {
        try library.updateSession(
          id, endedAt: end, charactersRead: stretch.characters,
          pagesTurned: stretch.pagesTurned, timing: timing)
      } else {
        stretch.recordID =
          try library.recordSession(
            bookID: bookID, startedAt: stretch.start, endedAt: end,
            charactersRead: stretch.characters, pagesTurned: stretch.pagesTurned, timing: timing
          ).id
      }
      stretch.writtenAt = end
    } catch {
      lastSaveError = error
    }
  }

  /// How much of the reader's speed in other books of the script a new book starts
  /// from, in seconds of reading: enough for a steady estimate from the first page,
  /// little enough that the book's own pages soon speak for themselves.
  static let scriptPriorSeconds: TimeInterval = 15 * 60

  /// The script `book` is read in: its language's, else its text's at `locator`, else
  /// Latin.
  static func script(of book: Book, at locator: Locator) -> ReadingScript {
    if let tag = book.metadata.language, let script = ReadingScript(languageTag: tag) {
      return script
    }
    let order = book.readingOrder.isEmpty ? Array(book.chapters.indices) : book.readingOrder
    let from = order.firstIndex(of: locator.chapterIndex) ?? 0
    for index in order.dropFirst(from).prefix(3) {
      guard let text = try? book.text(ofChapter: index) else { continue }
      if let script = ReadingScript(text: text.string) { return script }
    }
    return .latin
  }

  /// The reader's past speed for a book read in `script`: what this book taught, and
  /// what other books in the script taught, weighed as at most `scriptPriorSeconds`.
  static func prior(bookID: Int?, script: ReadingScript, in library: Library) throws
    -> ReadingSpeedSample
  {
    let own = try bookID.map { try library.readingSpeed(ofBook: $0) }
    let ownInScript = try bookID.map { try library.readingSpeed(ofBook: $0, script: script) }
    let all = try library.readingSpeed(script: script)
    let others = ReadingSpeedSample(
      characters: max(0, all.characters - (ownInScript?.characters ?? 0)),
      seconds: max(0, all.seconds - (ownInScript?.seconds ?? 0))
    ).limited(to: scriptPriorSeconds)
    return ReadingSpeedSample(
      characters: (own?.characters ?? 0) + others.characters,
      seconds: (own?.seconds ?? 0) + others.seconds)
  }
}
