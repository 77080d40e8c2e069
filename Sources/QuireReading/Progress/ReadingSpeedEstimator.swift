public import Foundation

/// Reading speed from page views, counting only plausible reading (seed 002, Marco's
/// idea): time left in the chapter and the book, and when the reader will be done.
///
/// A page counts when the reader left it by turning forward after a plausible time:
/// not faster than `minimumSecondsPerThousandCharacters` (skimming, flicking through),
/// not longer than `idleLimit` (the reader went away). Pages left by a jump or a
/// backward turn never count. A prior (from the library's past sessions) is added to
/// what this session counts, so estimates exist from the first page.
public struct ReadingSpeedEstimator: Hashable, Sendable {
  /// Pages shown for less than this many seconds per 1,000 characters were not read.
  public var minimumSecondsPerThousandCharacters: Double
  /// Pages shown longer than this were not read continuously: the reader was idle.
  public var idleLimit: TimeInterval
  /// Characters counted as read (prior included).
  public private(set) var countedCharacters: Double
  /// Seconds counted as reading (prior included).
  public private(set) var countedSeconds: TimeInterval

  /// Creates an estimator, optionally seeded with characters and seconds read before.
  public init(
    priorCharacters: Double = 0, priorSeconds: TimeInterval = 0,
    minimumSecondsPerThousandCharacters: Double = 2, idleLimit: TimeInterval = 300
  ) {
    countedCharacters = priorCharacters
    countedSeconds = priorSeconds
    self.minimumSecondsPerThousandCharacters = minimumSecondsPerThousandCharacters
    self.idleLimit = idleLimit
  }

  /// Whether a page view is plausible reading.
  public func counts(_ view: PageViewRecord) -> Bool {
    guard view.exit == .forward, view.characters > 0 else { return false }
    let minimum = Double(view.characters) / 1000 * minimumSecondsPerThousandCharacters
    return view.duration >= minimum && view.duration <= idleLimit
  }

  /// Adds a page view; returns whether it counted.
  @discardableResult
  public mutating func record(_ view: PageViewRecord) -> Bool {
    guard counts(view) else { return false }
    countedCharacters += Double(view.characters)
    countedSeconds += view.duration
    return true
  }

  /// Characters a minute; nil until some reading was counted.
  public var charactersPerMinute: Double? {
    countedSeconds > 0 && countedCharacters > 0 ? countedCharacters / (countedSeconds / 60) : nil
  }

  /// Time left for the given characters at the counted speed, and when it would end.
  ///
  /// - Returns: nil until some reading was counted.
  public func estimate(
    charactersLeftInChapter: Int, charactersLeftInBook: Int, now: Date
  ) -> ReadingTimeEstimate? {
    guard let speed = charactersPerMinute else { return nil }
    let chapter = Double(max(0, charactersLeftInChapter)) / speed * 60
    let book = Double(max(0, charactersLeftInBook)) / speed * 60
    return ReadingTimeEstimate(
      charactersPerMinute: speed, chapterTimeLeft: chapter, bookTimeLeft: book,
      chapterDoneAt: now.addingTimeInterval(chapter), bookDoneAt: now.addingTimeInterval(book))
  }
}
