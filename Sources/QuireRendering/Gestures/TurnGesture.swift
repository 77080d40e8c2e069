/// The page-turn gesture as a pure state machine: press, drag, release and time in,
/// actions and the turn to draw out.
///
/// A press that never moves past `dragThreshold` is a tap: the left third turns back, the
/// right third forward, the middle toggles the HUD. A drag turns forward when it goes left
/// and backward when it goes right; on release the turn completes when it is past half-way
/// or flicked faster than `flickVelocity` its way (and cancels when flicked back), and the
/// rest is animated with an ease-out whose duration is proportional to the distance left.
/// Timestamps (seconds, any origin) are injected, so scripted input gives the same result
/// every time.
public struct TurnGesture: Sendable {
  public var settings: TurnGestureSettings

  enum Phase: Sendable, Equatable {
    case idle
    case pressed(start: TurnPoint)
    case dragging(Drag)
    case animating(Animation)
  }

  struct Drag: Sendable, Equatable {
    var direction: TurnDirection
    var grip: TurnGrip
    var start: TurnPoint
    var point: TurnPoint
    var samples: [(point: TurnPoint, time: Double)]

    static func == (a: Drag, b: Drag) -> Bool {
      a.direction == b.direction && a.grip == b.grip && a.start == b.start && a.point == b.point
    }
  }

  struct Animation: Sendable, Equatable {
    var direction: TurnDirection
    var completes: Bool
    var start: Double
    var duration: Double
    /// Progress-driven (after a tap) or a drag point's path (after a release).
    var from: TurnInput
    var to: TurnInput
  }

  private(set) var phase: Phase = .idle

  /// A gesture in its resting state.
  public init(settings: TurnGestureSettings) {
    self.settings = settings
  }

  /// Whether a turn is being dragged or animated (the front end keeps drawing frames).
  public var isTurning: Bool {
    switch phase {
    case .dragging, .animating: true
    case .idle, .pressed: false
    }
  }

  /// Whether a turn is animating on its own (the front end draws a frame each refresh).
  public var isAnimating: Bool {
    if case .animating = phase { return true }
    return false
  }

  /// Whether the pointer is dragging a turn.
  public var isDragging: Bool {
    if case .dragging = phase { return true }
    return false
  }

  /// A finger or button went down at `point`. An animation still running is finished first.
  public mutating func press(at point: TurnPoint, time: Double) -> [TurnGestureAction] {
    let point = framed(point)
    var actions: [TurnGestureAction] = []
    if case .animating(let animation) = phase {
      actions.append(.finishedTurn(animation.direction, completed: animation.completes))
    }
    phase = .pressed(start: point)
    return actions
  }

  /// The pointer moved to `point` while down.
  public mutating func move(to point: TurnPoint, time: Double) -> [TurnGestureAction] {
    let point = framed(point)
    switch phase {
    case .pressed(let start):
      let dx = point.x - start.x
      let dy = point.y - start.y
      guard (dx * dx + dy * dy).squareRoot() >= settings.dragThreshold, dx != 0 else {
        return []
      }
      let direction: TurnDirection = dx < 0 ? .forward : .backward
      let grip = TurnGrip.forward(pressY: start.y, height: settings.height)
      phase = .dragging(
        Drag(
          direction: direction, grip: grip, start: start, point: point,
          samples: [(start, time), (point, time)]))
      return [.beganTurn(direction)]
    case .dragging(var drag):
      drag.point = point
      drag.samples.append((point, time))
      drag.samples.removeAll { $0.time < time - settings.velocityWindow * 2 }
      phase = .dragging(drag)
      return []
    case .idle, .animating:
      return []
    }
  }

  /// The pointer went up at `point`.
  public mutating func release(at point: TurnPoint, time: Double) -> [TurnGestureAction] {
    let point = framed(point)
    switch phase {
    case .pressed(let start):
      return tap(at: start, time: time)
    case .dragging(var drag):
      drag.point = point
      drag.samples.append((point, time))
      let progress = self.progress(of: drag)
      let velocity = self.velocity(drag.samples, now: time)
      let along = drag.direction == .forward ? -velocity : velocity
      let completes: Bool
      if along > settings.flickVelocity {
        completes = true
      } else if along < -settings.flickVelocity {
        completes = false
      } else {
        completes = progress >= 0.5
      }
      let target: Float = completes ? 1 : 0
      phase = .animating(
        Animation(
          direction: drag.direction, completes: completes, start: time,
          duration: duration(for: abs(target - progress)),
          from: .drag(grip: drag.grip, point: sheetPoint(drag, progress: progress)),
          to: .drag(grip: drag.grip, point: sheetPoint(drag, progress: target))))
      return []
    case .idle, .animating:
      return []
    }
  }

  /// Time passed: ends a finished animation.
  public mutating func advance(to time: Double) -> [TurnGestureAction] {
    guard case .animating(let animation) = phase, time >= animation.start + animation.duration
    else { return [] }
    phase = .idle
    return [.finishedTurn(animation.direction, completed: animation.completes)]
  }

  /// A whole turn animated from the start (a key, the wheel, a tap): a turn still running
  /// is finished at once first, so held keys never pile animations up.
  public mutating func turn(_ direction: TurnDirection, time: Double) -> [TurnGestureAction] {
    var actions: [TurnGestureAction] = []
    if case .animating(let animation) = phase {
      actions.append(.finishedTurn(animation.direction, completed: animation.completes))
    }
    phase = .animating(
      Animation(
        direction: direction, completes: true, start: time,
        duration: duration(for: 1), from: .progress(0), to: .progress(1)))
    return actions + [.beganTurn(direction)]
  }

  /// Drops the turn under way without an action: there was no page to turn to.
  public mutating func cancel() {
    phase = .idle
  }

  /// `point` in the gesture's frame: mirrored in a right-to-left book.
  private func framed(_ point: TurnPoint) -> TurnPoint {
    settings.rightToLeft ? TurnPoint(x: settings.width - point.x, y: point.y) : point
  }

  private mutating func tap(at start: TurnPoint, time: Double) -> [TurnGestureAction] {
    switch settings.zones.action(
      atX: start.x, y: start.y, width: settings.width, height: settings.height)
    {
    case .menu:
      phase = .idle
      return [.toggleHUD]
    case .back:
      return turn(.backward, time: time)
    case .forward:
      return turn(.forward, time: time)
    }
  }
}
