import Testing

@testable import QuireTerminal

/// What presses, drags and releases mean: a drag selects, a double-click selects a word
/// and turns nothing, a click on text acts only once no second click came.
@Suite struct PointerTrackerTests {
  @Test func aDragSelectsFromWhereThePressWas() {
    var pointer = PointerTracker()
    #expect(pointer.press(column: 5, row: 3, at: 0).isEmpty)
    #expect(
      pointer.drag(column: 9, row: 3) == [
        .select(column: 5, row: 3, unit: .character), .extend(column: 9, row: 3),
      ])
    #expect(pointer.drag(column: 12, row: 4) == [.extend(column: 12, row: 4)])
    #expect(pointer.release(column: 12, row: 4, at: 0.5, onText: true).isEmpty)
  }

  @Test func aDoubleClickSelectsAWordAndCancelsTheClick() {
    var pointer = PointerTracker()
    _ = pointer.press(column: 5, row: 3, at: 0)
    #expect(pointer.release(column: 5, row: 3, at: 0.05, onText: true) == [.wait(generation: 1)])
    #expect(pointer.press(column: 5, row: 3, at: 0.2) == [.select(column: 5, row: 3, unit: .word)])
    #expect(pointer.release(column: 5, row: 3, at: 0.25, onText: true).isEmpty)
    #expect(pointer.timedOut(generation: 1) == nil, "the first click never acts")
    // A drag after it extends by words: the word is already selected.
    _ = pointer.press(column: 5, row: 3, at: 0.3)
    #expect(pointer.drag(column: 20, row: 3) == [.extend(column: 20, row: 3)])
  }

  @Test func aClickActsAtOnceOffTheTextAndAfterTheWaitOnIt() {
    var pointer = PointerTracker()
    _ = pointer.press(column: 0, row: 0, at: 0)
    #expect(
      pointer.release(column: 0, row: 0, at: 0.1, onText: false) == [.click(column: 0, row: 0)])
    _ = pointer.press(column: 30, row: 9, at: 5)
    #expect(pointer.release(column: 30, row: 9, at: 5.1, onText: true) == [.wait(generation: 1)])
    #expect(pointer.timedOut(generation: 1) == .click(column: 30, row: 9))
    // Too slow for a double-click: two clicks.
    _ = pointer.press(column: 30, row: 9, at: 6)
    #expect(pointer.release(column: 30, row: 9, at: 6.05, onText: true) == [.wait(generation: 2)])
  }
}
