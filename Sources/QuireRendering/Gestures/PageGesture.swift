/// What a press on the page means, as a pure state machine over `TurnGesture`: a turn, a
/// tap, or a selection.
///
/// - A press that moves past the drag threshold before `holdDuration` is a drag turn, as
///   `TurnGesture` has it (the curl keeps working); one from the outer edge or a corner
///   (`alwaysTurns(at:)`) never becomes anything else.
/// - A press held still on text for `holdDuration` selects the word there, and moving while
///   still held extends the selection by words.
/// - A second press on text within `multiClickTime` (a double-click) selects the word, a
///   third the paragraph; a drag after them extends by that unit. So that a double-click
///   turns nothing, a tap on text waits `multiClickTime` for another press before it acts
///   (`TurnGesture`'s tap zones); a tap off the text acts at once.
/// - A press with Shift while there is a selection moves its end there (and on with the
///   pointer).
///
/// Releasing the button after selecting says so (`selectionReleased`), for the front end's
/// menu. Times are injected (seconds, any origin); `nextDeadline` says when `advance(to:)`
/// is next needed for a hold or a waiting tap.
public struct PageGesture: Sendable {
  /// The turn machine the drags, taps and animations go to.
  public var turn: TurnGesture
  /// The selection side's tuning.
  public var settings: PageGestureSettings

  enum Phase: Sendable, Equatable {
    case idle
    /// Pressed, not moved past the threshold yet: a tap, a drag or a hold to come.
    case pressed(start: TurnPoint, time: Double, holds: Bool, quiet: Bool)
    /// Selecting: moves extend the selection.
    case selecting
    /// A drag turn, or the animation after a tap or release.
    case turning
    /// A tap on text released, waiting for a second press until `deadline`.
    case waitingTap(start: TurnPoint, deadline: Double)
    /// A press that does nothing more until its release (the front end consumed it).
    case ignored
  }

  private(set) var phase: Phase = .idle
  /// The last click on text: where, when it was released, and which of a run it was.
  private var lastClick: (point: TurnPoint, time: Double, count: Int)?

  /// A gesture at rest over a page `turn.settings.width`×`height`.
  public init(turn: TurnGesture, settings: PageGestureSettings = .init()) {
    self.turn = turn
    self.settings = settings
  }

  /// Whether the pointer is selecting (held after a hold, a double-click or Shift).
  public var isSelecting: Bool { phase == .selecting }

  /// When `advance(to:)` must next be called for a hold or a tap waiting for a second
  /// click (an animation asks for frames through `turn.isAnimating`); nil when nothing waits.
  public var nextDeadline: Double? {
    switch phase {
    case .pressed(_, let time, let holds, _) where holds: time + settings.holdDuration
    case .waitingTap(_, let deadline): deadline
    default: nil
    }
  }

  /// Whether a press at `point` always turns the page: the outer edges (`edgeBand` of the
  /// width) and the corners (`cornerSize` of the shorter side), where no selection starts.
  public func alwaysTurns(at point: TurnPoint) -> Bool {
    let width = turn.settings.width
    let height = turn.settings.height
    let edge = width * settings.edgeBand
    if point.x < edge || point.x > width - edge { return true }
    let corner = min(width, height) * settings.cornerSize
    let nearSide = point.x < corner || point.x > width - corner
    let nearTopOrBottom = point.y < corner || point.y > height - corner
    return nearSide && nearTopOrBottom
  }

  /// The button went down at `point`.
  ///
  /// - Parameters:
  ///   - onText: whether a character of the page is under the point (only there do a hold
  ///     and a double-click select).
  ///   - extending: Shift is held and there is a selection: its end moves here.
  ///   - quiet: a tap from this press does nothing (it ended a selection shown); a drag
  ///     still turns and a hold or a double-click still selects.
  public mutating func press(
    at point: TurnPoint, time: Double, onText: Bool, extending: Bool = false, quiet: Bool = false
  ) -> [PageGestureAction] {
    var actions = flushWaitingTap(time: time, before: point)
    if extending {
      actions += turn.press(at: point, time: time).map(PageGestureAction.turn)
      turn.cancel()
      phase = .selecting
      lastClick = nil
      return actions + [.extendSelection(to: point)]
    }
    let selectable = onText && !alwaysTurns(at: point)
    var count = 1
    if selectable, let last = lastClick, time - last.time <= settings.multiClickTime,
      distance(last.point, point) <= settings.multiClickDistance
    {
      count = last.count + 1
    }
    lastClick = selectable ? (point, time, count) : nil
    actions += turn.press(at: point, time: time).map(PageGestureAction.turn)
    if count >= 2 {
      turn.cancel()
      phase = .selecting
      return actions + [.select(at: point, unit: count == 2 ? .word : .paragraph)]
    }
    phase = .pressed(start: point, time: time, holds: selectable, quiet: quiet)
    return actions
  }

  /// The pointer moved to `point` with the button down.
  public mutating func move(to point: TurnPoint, time: Double) -> [PageGestureAction] {
    switch phase {
    case .pressed:
      let actions = turn.move(to: point, time: time)
      if turn.isDragging {
        phase = .turning
        lastClick = nil
      }
      return actions.map(PageGestureAction.turn)
    case .selecting:
      return [.extendSelection(to: point)]
    case .turning:
      return turn.move(to: point, time: time).map(PageGestureAction.turn)
    case .idle, .waitingTap, .ignored:
      return []
    }
  }

  /// The button went up at `point`.
  public mutating func release(at point: TurnPoint, time: Double) -> [PageGestureAction] {
    switch phase {
    case .pressed(let start, _, let holds, let quiet):
      if quiet {
        turn.cancel()
        phase = .idle
        if let last = lastClick { lastClick = (last.point, time, last.count) }
        return []
      }
      guard holds else {
        phase = .turning
        defer { settle() }
        return turn.release(at: point, time: time).map(PageGestureAction.turn)
      }
      // A tap on text: a second press may yet make it a double-click.
      if let last = lastClick { lastClick = (last.point, time, last.count) }
      phase = .waitingTap(start: start, deadline: time + settings.multiClickTime)
      return []
    case .selecting:
      phase = .idle
      if let last = lastClick { lastClick = (last.point, time, last.count) }
      return [.selectionReleased(at: point)]
    case .turning:
      defer { settle() }
      return turn.release(at: point, time: time).map(PageGestureAction.turn)
    case .ignored:
      phase = .idle
      return []
    case .idle, .waitingTap:
      return []
    }
  }

  /// Time passed: a press held still on text selects its word; a tap whose wait for a
  /// second click is over acts; a turn's animation moves on (or ends).
  public mutating func advance(to time: Double) -> [PageGestureAction] {
    switch phase {
    case .pressed(let start, let pressed, let holds, _)
    where holds && time >= pressed + settings.holdDuration:
      turn.cancel()
      phase = .selecting
      lastClick = nil
      return [.select(at: start, unit: .word)]
    case .waitingTap(_, let deadline) where time >= deadline:
      return flushWaitingTap(time: time, before: nil)
    case .turning:
      defer { settle() }
      return turn.advance(to: time).map(PageGestureAction.turn)
    default:
      return []
    }
  }

  /// A turn from a key or the wheel: a tap waiting for its second click acts first.
  public mutating func turnPage(_ direction: TurnDirection, time: Double) -> [PageGestureAction] {
    let actions = flushWaitingTap(time: time, before: nil)
    phase = .turning
    lastClick = nil
    defer { settle() }
    return actions + turn.turn(direction, time: time).map(PageGestureAction.turn)
  }

  /// The front end took this press for itself (a link, a menu): nothing more comes of it
  /// until the button goes up. A tap still waiting acts first.
  public mutating func ignorePress(time: Double) -> [PageGestureAction] {
    let actions = flushWaitingTap(time: time, before: nil)
    lastClick = nil
    phase = .ignored
    return actions
  }

  /// Drops whatever is under way without an action (a turn with no page to go to, a
  /// panel opening over the page).
  public mutating func cancel() {
    turn.cancel()
    phase = .idle
    lastClick = nil
  }

  /// The tap waiting for a second click acts now, unless the press at `point` continues
  /// it as a double-click (near it and in time, judged by `press`).
  private mutating func flushWaitingTap(time: Double, before point: TurnPoint?)
    -> [PageGestureAction]
  {
    guard case .waitingTap(let start, let deadline) = phase else {
      settle()
      return []
    }
    if let point, time <= deadline, distance(start, point) <= settings.multiClickDistance {
      turn.cancel()
      phase = .idle
      return []
    }
    phase = .turning
    defer { settle() }
    return turn.release(at: start, time: time).map(PageGestureAction.turn)
  }

  /// A turn that is over (or a tap that only showed the HUD) leaves the gesture at rest.
  private mutating func settle() {
    if phase == .turning, !turn.isTurning { phase = .idle }
  }

  private func distance(_ a: TurnPoint, _ b: TurnPoint) -> Float {
    let dx = a.x - b.x
    let dy = a.y - b.y
    return (dx * dx + dy * dy).squareRoot()
  }
}
