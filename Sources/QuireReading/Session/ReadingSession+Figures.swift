import Foundation
import QuireBook

extension ReadingSession {
  /// What a front end's status line shows of the session: the progress and the time left,
  /// as they stood when the session last changed them.
  public struct Figures: Sendable, Equatable {
    /// Where the reader is (nil before the first page).
    public var progress: ReadingProgress?
    /// The time left at the reader's speed (nil until some reading was counted).
    public var timeEstimate: ReadingTimeEstimate?

    /// Creates figures.
    public init(progress: ReadingProgress? = nil, timeEstimate: ReadingTimeEstimate? = nil) {
      self.progress = progress
      self.timeEstimate = timeEstimate
    }
  }

  /// The figures, read without waiting for the actor: a frame drawn while the session lays
  /// out a page ahead or takes in the exact pass's results gets them at once.
  ///
  /// The session publishes them whenever a page is shown and whenever its work ahead
  /// changes them (at most every `figuresInterval` while it runs, and when it stops), so a
  /// front end that draws after any call to the session, or after an `Event`, draws what
  /// `progress` and `timeEstimate()` would say. Only the clock times of the estimate ("done
  /// at 22:40") are taken afresh here, from the time left.
  public nonisolated var figures: Figures {
    var figures = publishedFigures.withLock { $0.figures }
    if var estimate = figures.timeEstimate {
      let now = clock()
      estimate.chapterDoneAt = now.addingTimeInterval(estimate.chapterTimeLeft)
      estimate.bookDoneAt = now.addingTimeInterval(estimate.bookTimeLeft)
      figures.timeEstimate = estimate
    }
    return figures
  }

  /// How often, at most, the work ahead publishes the figures it refines, in seconds: they
  /// are worked out over every chapter, once per change rather than once per frame.
  static let figuresInterval = 0.02

  /// Works the figures out and publishes them for `figures`; unless `now` is set, only if
  /// the last were published more than `figuresInterval` ago.
  func publishFigures(now: Bool = true) {
    let time = Stopwatch.now()
    guard now || time - publishedFigures.withLock({ $0.time }) >= Self.figuresInterval else {
      return
    }
    let figures = Figures(progress: progress, timeEstimate: timeEstimate())
    publishedFigures.withLock { $0 = (figures, time) }
  }
}
