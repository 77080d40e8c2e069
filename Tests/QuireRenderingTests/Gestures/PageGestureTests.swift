import Testing

@testable import QuireRendering

/// Presses on a page as a reader makes them, with injected times: which turn, which tap
/// and which selection each one gives.
@Suite struct PageGestureTests {
  static func gesture() -> PageGesture {
    PageGesture(turn: TurnGesture(settings: TurnGestureSettings(width: 1200, height: 900)))
  }

  static func point(_ x: Float, _ y: Float) -> TurnPoint { TurnPoint(x: x, y: y) }

  /// Runs time on from `time` to `end` in frames, collecting what the gesture asks for.
  static func run(_ gesture: inout PageGesture, from time: Double, to end: Double)
    -> [PageGestureAction]
  {
    var actions: [PageGestureAction] = []
    var t = time
    while t < end {
      t += 1.0 / 60
      actions += gesture.advance(to: t)
    }
    return actions
  }

  @Test("a tap on text waits for a second click, then turns as its zone says")
  func tapOnTextWaits() {
    var gesture = Self.gesture()
    let p = Self.point(1000, 450)
    #expect(gesture.press(at: p, time: 10, onText: true).isEmpty)
    #expect(gesture.release(at: p, time: 10.05).isEmpty)
    #expect(gesture.nextDeadline == 10.05 + gesture.settings.multiClickTime)
    #expect(gesture.advance(to: 10.2).isEmpty)
    #expect(gesture.advance(to: 10.41) == [.turn(.beganTurn(.forward))])
    let ended = Self.run(&gesture, from: 10.41, to: 12)
    #expect(ended == [.turn(.finishedTurn(.forward, completed: true))])
    #expect(!gesture.turn.isTurning)
  }

  @Test("a tap off the text turns at once")
  func tapOffTextTurnsAtOnce() {
    var gesture = Self.gesture()
    let p = Self.point(1000, 450)
    #expect(gesture.press(at: p, time: 10, onText: false).isEmpty)
    #expect(gesture.release(at: p, time: 10.05) == [.turn(.beganTurn(.forward))])
  }

  @Test("a double-click selects the word and turns nothing; a third click the paragraph")
  func doubleAndTripleClick() {
    var gesture = Self.gesture()
    let p = Self.point(1000, 450)
    _ = gesture.press(at: p, time: 10, onText: true)
    _ = gesture.release(at: p, time: 10.08)
    #expect(
      gesture.press(at: Self.point(1002, 451), time: 10.2, onText: true)
        == [.select(at: Self.point(1002, 451), unit: .word)])
    #expect(gesture.isSelecting)
    #expect(
      gesture.release(at: Self.point(1002, 451), time: 10.25)
        == [.selectionReleased(at: Self.point(1002, 451))])
    #expect(
      gesture.press(at: p, time: 10.4, onText: true) == [.select(at: p, unit: .paragraph)])
    _ = gesture.release(at: p, time: 10.45)
    // No turn ever comes of it.
    #expect(Self.run(&gesture, from: 10.45, to: 12).isEmpty)
    #expect(!gesture.turn.isTurning)
  }

  @Test("two clicks too far apart or too slow are two taps")
  func slowClicksAreTaps() {
    var gesture = Self.gesture()
    let p = Self.point(1000, 450)
    _ = gesture.press(at: p, time: 10, onText: true)
    _ = gesture.release(at: p, time: 10.05)
    // Far away: the first tap acts before the second press is taken.
    let far = gesture.press(at: Self.point(1000, 520), time: 10.2, onText: true)
    #expect(far.first == .turn(.beganTurn(.forward)))
    #expect(!far.contains { if case .select = $0 { true } else { false } })
  }

  @Test("a press held still on text selects its word, and moving then extends it")
  func holdSelectsAndExtends() {
    var gesture = Self.gesture()
    let p = Self.point(600, 400)
    _ = gesture.press(at: p, time: 10, onText: true)
    _ = gesture.move(to: Self.point(603, 401), time: 10.2)
    #expect(gesture.nextDeadline == 10.5)
    #expect(gesture.advance(to: 10.4).isEmpty)
    #expect(gesture.advance(to: 10.5) == [.select(at: p, unit: .word)])
    #expect(
      gesture.move(to: Self.point(800, 430), time: 10.6)
        == [.extendSelection(to: Self.point(800, 430))])
    #expect(
      gesture.release(at: Self.point(800, 430), time: 10.7)
        == [.selectionReleased(at: Self.point(800, 430))])
    #expect(!gesture.turn.isTurning)
  }

  @Test("a press that moves before the hold time drags a turn, and the hold never comes")
  func quickDragTurns() {
    var gesture = Self.gesture()
    _ = gesture.press(at: Self.point(1000, 700), time: 10, onText: true)
    #expect(
      gesture.move(to: Self.point(900, 700), time: 10.1) == [.turn(.beganTurn(.forward))])
    #expect(gesture.turn.isDragging)
    #expect(gesture.nextDeadline == nil)
    #expect(gesture.advance(to: 11).isEmpty)
    _ = gesture.move(to: Self.point(300, 700), time: 11.1)
    _ = gesture.release(at: Self.point(280, 700), time: 11.2)
    #expect(
      Self.run(&gesture, from: 11.2, to: 13) == [.turn(.finishedTurn(.forward, completed: true))])
  }

  @Test("a press in the outer margin or a corner never selects, however long it is held")
  func edgesAlwaysTurn() {
    var gesture = Self.gesture()
    for p in [Self.point(10, 450), Self.point(1190, 450), Self.point(1150, 880)] {
      #expect(gesture.alwaysTurns(at: p))
      _ = gesture.press(at: p, time: 10, onText: true)
      #expect(gesture.advance(to: 11).isEmpty)
      #expect(
        gesture.move(to: Self.point(p.x - 200, p.y), time: 11.1).first
          == .turn(.beganTurn(.forward)))
      _ = gesture.release(at: Self.point(p.x - 200, p.y), time: 11.2)
      _ = Self.run(&gesture, from: 11.2, to: 13)
    }
    #expect(!gesture.alwaysTurns(at: Self.point(600, 450)))
  }

  @Test("Shift and a press extend the selection, and a drag goes on extending it")
  func shiftClickExtends() {
    var gesture = Self.gesture()
    let p = Self.point(700, 300)
    #expect(
      gesture.press(at: p, time: 10, onText: true, extending: true)
        == [.extendSelection(to: p)])
    #expect(
      gesture.move(to: Self.point(720, 300), time: 10.1)
        == [.extendSelection(to: Self.point(720, 300))])
    #expect(
      gesture.release(at: Self.point(720, 300), time: 10.2)
        == [.selectionReleased(at: Self.point(720, 300))])
  }

  @Test("a quiet press (one that ended a selection) taps nothing but still drags and holds")
  func quietPress() {
    var gesture = Self.gesture()
    let p = Self.point(1000, 450)
    _ = gesture.press(at: p, time: 10, onText: true, quiet: true)
    #expect(gesture.release(at: p, time: 10.05).isEmpty)
    #expect(Self.run(&gesture, from: 10.05, to: 11).isEmpty)
    _ = gesture.press(at: p, time: 20, onText: true, quiet: true)
    #expect(gesture.advance(to: 20.6) == [.select(at: p, unit: .word)])
  }

  @Test("a key's turn acts on a tap that is still waiting first")
  func keyTurnFlushesTap() {
    var gesture = Self.gesture()
    let p = Self.point(100, 450)
    _ = gesture.press(at: p, time: 10, onText: true)
    _ = gesture.release(at: p, time: 10.05)
    let actions = gesture.turnPage(.forward, time: 10.1)
    #expect(
      actions == [
        .turn(.beganTurn(.backward)), .turn(.finishedTurn(.backward, completed: true)),
        .turn(.beganTurn(.forward)),
      ])
  }
}
