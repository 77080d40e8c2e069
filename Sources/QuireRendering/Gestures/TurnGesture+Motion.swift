// MARK: - Progress, velocity, and the turn to draw

extension TurnGesture {
  /// The turn to draw at `time`, or nil when no turn is under way.
  public func state(at time: Double) -> TurnState? {
    switch phase {
    case .idle, .pressed:
      return nil
    case .dragging(let drag):
      return TurnState(
        input: .drag(grip: drag.grip, point: sheetPoint(drag, progress: progress(of: drag))),
        direction: drag.direction, width: settings.width, height: settings.height)
    case .animating(let animation):
      let elapsed = animation.duration > 0 ? (time - animation.start) / animation.duration : 1
      let eased = Float(easeOut(min(1, max(0, elapsed))))
      let input: TurnInput
      switch (animation.from, animation.to) {
      case (.progress(let a), .progress(let b)):
        input = .progress(a + (b - a) * eased)
      case (.drag(let grip, let a), .drag(_, let b)):
        input = .drag(
          grip: grip, point: TurnPoint(x: a.x + (b.x - a.x) * eased, y: a.y + (b.y - a.y) * eased))
      default:
        input = animation.to
      }
      return TurnState(
        input: input, direction: animation.direction, width: settings.width,
        height: settings.height)
    }
  }

  /// Cubic ease-out: fast at first, settling gently (the page keeps the finger's speed).
  public func easeOut(_ t: Double) -> Double {
    let rest = 1 - t
    return 1 - rest * rest * rest
  }

  /// How far the drag has turned the page, 0…1: the finger's way from the press to the
  /// page edge it moves towards (at least half a page, so a press near that edge still
  /// needs a real movement).
  func progress(of drag: Drag) -> Float {
    let width = settings.width
    let travelled: Float
    let room: Float
    if drag.direction == .forward {
      travelled = drag.start.x - drag.point.x
      room = max(drag.start.x, width / 2)
    } else {
      travelled = drag.point.x - drag.start.x
      room = max(width - drag.start.x, width / 2)
    }
    return min(1, max(0, travelled / max(1, room)))
  }

  /// The turning sheet's grip point for a drag at `progress`: it travels the sheet's whole
  /// way (rest to mirrored over the spine) while the finger crosses the page, and follows
  /// the finger up and down so a corner can be lifted diagonally.
  func sheetPoint(_ drag: Drag, progress: Float) -> TurnPoint {
    let rest = drag.grip.point(width: settings.width, height: settings.height)
    let away = drag.grip.turnedPoint(width: settings.width, height: settings.height)
    let sheetTurn = drag.direction == .forward ? progress : 1 - progress
    // The lift tapers off at both ends so a finished or cancelled turn lands exactly.
    let taper = min(1, 4 * min(progress, 1 - progress))
    let lift = drag.grip.isCorner ? (drag.point.y - drag.start.y) * taper : 0
    return TurnPoint(x: rest.x + (away.x - rest.x) * sheetTurn, y: rest.y + lift)
  }

  /// Horizontal velocity (pixels a second) over the last `velocityWindow` seconds.
  func velocity(_ samples: [(point: TurnPoint, time: Double)], now: Double) -> Float {
    let recent = samples.filter { $0.time >= now - settings.velocityWindow }
    guard let first = recent.first, let last = recent.last, last.time > first.time else {
      return 0
    }
    return Float(Double(last.point.x - first.point.x) / (last.time - first.time))
  }

  /// Animation time for `distance` of a turn (0…1).
  func duration(for distance: Float) -> Double {
    max(settings.minimumDuration, settings.fullTurnDuration * Double(distance))
  }
}
