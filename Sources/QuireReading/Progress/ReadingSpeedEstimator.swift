public import Foundation

/// Reading speed from page views, counting only real reading (seed 002, Marco's idea;
/// the model is KOReader's statistics plugin): time left in the chapter and the book,
/// and when the reader will be done.
///
/// A page view is *reading* when it lasted at least `minimumPageSeconds` (KOReader's
/// 5 s: less is flipping, as is less than the page's characters take at the script's
/// fastest pace) and at most the longer of `maximumPageSeconds` a page (KOReader's two
/// minutes) and the page's characters at the script's slowest pace (more is a reader
/// who went away). Time under panels, menus and popups is taken out of a view before it
/// gets here. Reading counts towards time and pages read; towards speed only when the
/// reader left the page by turning forward (a jump or a turn back says nothing about
/// how long the page's text took) and its text went by no slower than the script's
/// slowest pace: a title page or a chapter's last lines looked at for a minute were read,
/// but say nothing of how fast (one such view made "36 h left" of a 22-page chapter). Unlike KOReader, which caps a long view at its
/// maximum, a view past the maximum counts for nothing: nobody knows how much of it was
/// reading.
///
/// A prior (the reader's past reading of this book, and of other books in its script)
/// is added to what this session counts, so estimates exist from the first page and one
/// page changes them little.
public struct ReadingSpeedEstimator: Hashable, Sendable {
  /// KOReader's minimum page time: a page turned sooner was flipped past.
  public static let minimumPageSeconds: TimeInterval = 5
  /// KOReader's maximum page time: a page shown longer (and longer than its text takes
  /// at the slowest pace) was left while the reader was away.
  public static let maximumPageSeconds: TimeInterval = 120

  /// The script the book is read in (sets the fastest and slowest plausible pace).
  public var script: ReadingScript
  /// Characters counted as read (prior included).
  public private(set) var countedCharacters: Double
  /// Seconds counted as reading (prior included).
  public private(set) var countedSeconds: TimeInterval

  /// Creates an estimator, optionally seeded with characters and seconds read before.
  public init(
    priorCharacters: Double = 0, priorSeconds: TimeInterval = 0, script: ReadingScript = .latin
  ) {
    countedCharacters = priorCharacters
    countedSeconds = priorSeconds
    self.script = script
  }

  /// Whether a page view was reading: neither flipped past nor left while away.
  public func isReading(_ view: PageViewRecord) -> Bool {
    let characters = Double(max(0, view.characters))
    let minimum = max(
      Self.minimumPageSeconds, characters / script.fastestCharactersPerMinute * 60)
    let maximum = max(
      Self.maximumPageSeconds * Double(max(1, view.pages)),
      characters / script.slowestCharactersPerMinute * 60)
    return view.duration >= minimum && view.duration <= maximum
  }

  /// Whether a page view counts towards speed: reading, left by a turn forward, at no
  /// slower than the script's slowest pace.
  public func counts(_ view: PageViewRecord) -> Bool {
    let characters = Double(view.characters)
    return view.exit == .forward && characters > 0 && isReading(view)
      && characters / max(view.duration, 1) * 60 >= script.slowestCharactersPerMinute
  }

  /// Adds a page view; returns whether it counted towards speed.
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
