/// Hands-free page turning: the page turns by itself at a chosen pace, any input pauses
/// it, and the time counts as reading only while the reader is there.
///
/// A value with a pure `reduce`, for the reading view's reducer; times are seconds of the
/// controller's clock, given with each command.
public struct AutoTurn: Hashable, Sendable {
  /// How long a page stays.
  public enum Pace: Hashable, Sendable {
    /// The same time for every page.
    case secondsPerPage(Double)
    /// The page's words at this many a minute.
    case wordsPerMinute(Double)
    /// The page's characters at the reader's measured speed (`ReadingSpeedEstimator`).
    case charactersPerMinute(Double)
  }

  /// What is on the page now, to time it.
  public struct PageSize: Hashable, Sendable {
    public var characters: Int
    public var words: Int

    /// Creates a page size.
    public init(characters: Int, words: Int) {
      self.characters = characters
      self.words = words
    }
  }

  /// Whether it is on, and paused by input or not.
  public enum Phase: Hashable, Sendable {
    case off
    case running
    /// A key, click or touch paused it; the auto-turn command resumes it.
    case paused
  }

  public enum Command: Hashable, Sendable {
    /// Turn it on at `pace` (or, when on, off).
    case toggle(Pace, now: Double)
    /// A new page is shown (by the turn or by the reader); `page` is what it holds.
    case pageShown(PageSize, now: Double)
    /// The reader pressed, clicked or touched something.
    case input(now: Double)
    /// Time passes.
    case tick(now: Double)
    /// Off, whatever it was (speech takes over turning, the book ended).
    case stop
  }

  public enum Effect: Hashable, Sendable {
    /// Turn to the next page (with the chosen animation).
    case turnPage
    case message(String)
  }

  /// Shortest and longest time a page may stay, seconds.
  public static let secondsRange = 2.0...3600.0
  /// A reader who gave no input for this long is away: turned pages stop counting as
  /// reading.
  public static let presenceWindow = 300.0

  public private(set) var phase: Phase = .off
  public private(set) var pace: Pace = .secondsPerPage(30)
  /// When the page shown is turned (while running).
  public private(set) var dueAt: Double?
  /// The last input, for presence.
  public private(set) var lastInput: Double = -.infinity
  private var page = PageSize(characters: 0, words: 0)
  private var shownAt: Double = 0

  /// Off.
  public init() {}

  /// How long `page` stays at `pace`, within `secondsRange`.
  public static func seconds(for page: PageSize, at pace: Pace) -> Double {
    let seconds: Double =
      switch pace {
      case .secondsPerPage(let value): value
      case .wordsPerMinute(let rate):
        rate > 0 ? Double(page.words) / rate * 60 : secondsRange.upperBound
      case .charactersPerMinute(let rate):
        rate > 0 ? Double(page.characters) / rate * 60 : secondsRange.upperBound
      }
    return min(secondsRange.upperBound, max(secondsRange.lowerBound, seconds))
  }

  /// Whether time now counts as reading: the reader gave some input in the last
  /// `presenceWindow` seconds.
  public func isReaderPresent(now: Double) -> Bool { now - lastInput <= Self.presenceWindow }

  public static func reduce(_ state: AutoTurn, _ command: Command) -> (AutoTurn, [Effect]) {
    var state = state
    switch command {
    case .toggle(let pace, let now):
      state.lastInput = now
      if state.phase == .running {
        state.phase = .off
        state.dueAt = nil
        return (state, [.message("Auto turn off")])
      }
      state.phase = .running
      state.pace = pace
      state.shownAt = now
      state.dueAt = now + seconds(for: state.page, at: pace)
      let every = Int(seconds(for: state.page, at: pace).rounded())
      return (state, [.message("Auto turn on: this page for \(every) s; any key pauses")])
    case .pageShown(let page, let now):
      state.page = page
      state.shownAt = now
      if state.phase == .running { state.dueAt = now + seconds(for: page, at: state.pace) }
      return (state, [])
    case .input(let now):
      state.lastInput = now
      guard state.phase == .running else { return (state, []) }
      state.phase = .paused
      state.dueAt = nil
      return (state, [.message("Auto turn paused")])
    case .stop:
      state.phase = .off
      state.dueAt = nil
      return (state, [])
    case .tick(let now):
      guard state.phase == .running, let due = state.dueAt, now >= due else { return (state, []) }
      // The next page's time starts when it is shown (`pageShown`); until then no second turn.
      state.dueAt = nil
      return (state, [.turnPage])
    }
  }
}
