import Testing

@testable import QuireRendering

/// Scripted input through the gesture state machine, with injected timestamps.
@Suite struct TurnGestureTests {
  static let settings = TurnGestureSettings(width: 600, height: 800)

  /// Plays `points` as press, moves and release, `interval` seconds apart; returns the
  /// gesture, the actions, and the time of the release.
  func play(_ points: [(Float, Float)], interval: Double = 0.05)
    -> (TurnGesture, [TurnGestureAction], Double)
  {
    var gesture = TurnGesture(settings: Self.settings)
    var actions: [TurnGestureAction] = []
    var time = 10.0
    for (index, point) in points.enumerated() {
      let p = TurnPoint(x: point.0, y: point.1)
      if index == 0 {
        actions += gesture.press(at: p, time: time)
      } else if index == points.count - 1 {
        actions += gesture.release(at: p, time: time)
      } else {
        actions += gesture.move(to: p, time: time)
      }
      time += interval
    }
    return (gesture, actions, time - interval)
  }

  /// Runs the animation to its end and returns the final actions.
  func finish(_ gesture: inout TurnGesture, from time: Double) -> [TurnGestureAction] {
    var actions: [TurnGestureAction] = []
    var t = time
    while gesture.isTurning && t < time + 5 {
      t += 1.0 / 60
      actions += gesture.advance(to: t)
    }
    return actions
  }

  @Test func tapZonesTurnOrToggleTheHUD() {
    #expect(play([(550, 400), (551, 401)]).1 == [.beganTurn(.forward)])
    #expect(play([(50, 400), (50, 400)]).1 == [.beganTurn(.backward)])
    #expect(play([(300, 400), (303, 398)]).1 == [.toggleHUD])
    var (gesture, _, time) = play([(550, 400), (550, 400)])
    #expect(finish(&gesture, from: time) == [.finishedTurn(.forward, completed: true)])
  }

  @Test func slowDragPastHalfCompletes() {
    var (gesture, actions, time) = play(
      [
        (560, 700), (540, 690), (480, 680), (380, 660), (260, 650), (240, 650), (238, 650),
      ], interval: 0.2)
    #expect(actions == [.beganTurn(.forward)])
    let ended = finish(&gesture, from: time)
    #expect(ended == [.finishedTurn(.forward, completed: true)])
  }

  @Test func slowDragBackIsCancelled() {
    var (gesture, actions, time) = play(
      [
        (560, 700), (500, 690), (300, 680), (200, 680), (350, 690), (450, 690), (470, 690),
      ], interval: 0.2)
    #expect(actions == [.beganTurn(.forward)])
    #expect(finish(&gesture, from: time) == [.finishedTurn(.forward, completed: false)])
  }

  @Test func fastShortFlickCompletes() {
    var (gesture, _, time) = play([(560, 400), (540, 400), (500, 400), (470, 400)], interval: 0.02)
    #expect(finish(&gesture, from: time) == [.finishedTurn(.forward, completed: true)])
  }

  @Test func flickBackCancelsEvenPastHalf() {
    // A slow drag to past half-way, then a quick flick back towards the right.
    var gesture = TurnGesture(settings: Self.settings)
    _ = gesture.press(at: TurnPoint(x: 560, y: 400), time: 0)
    _ = gesture.move(to: TurnPoint(x: 400, y: 400), time: 0.2)
    _ = gesture.move(to: TurnPoint(x: 150, y: 400), time: 0.4)
    _ = gesture.move(to: TurnPoint(x: 190, y: 400), time: 0.416)
    _ = gesture.move(to: TurnPoint(x: 230, y: 400), time: 0.432)
    _ = gesture.release(at: TurnPoint(x: 260, y: 400), time: 0.448)
    #expect(finish(&gesture, from: 0.448) == [.finishedTurn(.forward, completed: false)])
  }

  @Test func dragRightTurnsBackward() {
    var (gesture, actions, time) = play(
      [(40, 400), (120, 400), (300, 400), (420, 400)], interval: 0.2)
    #expect(actions == [.beganTurn(.backward)])
    #expect(finish(&gesture, from: time) == [.finishedTurn(.backward, completed: true)])
  }

  @Test func smallMovesStayATap() {
    let (gesture, actions, _) = play([(560, 400), (563, 403), (565, 402)])
    #expect(actions == [.beganTurn(.forward)])
    #expect(gesture.isTurning)
  }

  @Test func animationEasesOutWithDurationProportionalToDistanceLeft() throws {
    // Released at 80 % of the way: the rest takes a fifth of a full turn's time.
    var (gesture, _, time) = play([(580, 400), (480, 400), (200, 400), (116, 400)], interval: 0.3)
    let start = try #require(gesture.state(at: time)).progress
    #expect(abs(start - 0.8) < 0.01)
    let duration = Self.settings.fullTurnDuration * 0.2
    let quarter = try #require(gesture.state(at: time + duration / 4)).progress
    let half = try #require(gesture.state(at: time + duration / 2)).progress
    // Ease-out: more than half of the remainder is covered in the first half of the time.
    #expect(quarter > start && half > start + 0.1)
    #expect(half - start > (1 - start) / 2)
    #expect(gesture.advance(to: time + duration * 0.99).isEmpty)
    #expect(gesture.advance(to: time + duration) == [.finishedTurn(.forward, completed: true)])
    #expect(gesture.state(at: time + duration) == nil)
  }

  @Test func dragStateFollowsTheFingerAndLandsExactly() throws {
    var gesture = TurnGesture(settings: Self.settings)
    _ = gesture.press(at: TurnPoint(x: 580, y: 760), time: 0)
    _ = gesture.move(to: TurnPoint(x: 400, y: 700), time: 0.1)
    let state = try #require(gesture.state(at: 0.1))
    guard case .drag(let grip, let point) = state.input else {
      Issue.record("expected a drag")
      return
    }
    #expect(grip == .bottomRight)
    #expect(point.y < 800 && point.x < 600)
    _ = gesture.release(at: TurnPoint(x: 100, y: 700), time: 0.5)
    let end = try #require(gesture.state(at: 10))
    #expect(end.sheetTurn == 1)
  }

  @Test func pressDuringAnimationFinishesIt() {
    var (gesture, _, time) = play([(550, 400), (550, 400)])
    let actions = gesture.press(at: TurnPoint(x: 300, y: 300), time: time + 0.01)
    #expect(actions == [.finishedTurn(.forward, completed: true)])
    #expect(!gesture.isTurning)
  }
}
