import Foundation
import QuireBook
import QuireRendering
import QuireUI

extension DesktopLoop {
  /// A turn from a key, the wheel or a tap: animated in the chosen mode, or at once with
  /// reduced motion or the mode `none`.
  func animatedTurn(_ direction: TurnDirection) {
    if preferences.reduceMotion || screen.turnMode == .none {
      settleTurn()
      commit(direction)
      return
    }
    process(gesture.turnPage(direction, time: SDLWindow.ticks))
    needsDraw = true
  }

  /// What the gesture machine asks for.
  func process(_ actions: [PageGestureAction]) {
    for action in actions {
      switch action {
      case .turn(let turnAction): process(turnAction)
      case .select(let point, let unit):
        select(atX: Double(point.x), y: Double(point.y), unit: unit == .word ? .word : .paragraph)
      case .extendSelection(let point):
        extendSelection(toX: Double(point.x), y: Double(point.y))
      case .selectionReleased(let point):
        showMenu(x: Double(point.x))
      }
    }
  }

  /// Speech or auto turn turned the page in the controller (`ReaderScreen.turnsOnItsOwn`
  /// grew): the turn from the pages shown before, `from`, is animated in the chosen mode
  /// as a reader's would be, and commits nothing. None under reduced motion or the mode
  /// `none`, or while the reader is turning.
  func animateTurnOnItsOwn(from: [PageSide]) {
    guard !preferences.reduceMotion, screen.turnMode != .none, turn == nil, !gesture.turn.isTurning,
      !gesture.isSelecting, gesture.nextDeadline == nil,
      !from.isEmpty, screen.panel == nil
    else { return }
    turnedFrom = from
    process(gesture.turnPage(.forward, time: SDLWindow.ticks))
    turnedFrom = nil
    needsDraw = true
  }

  /// What the turn machine asks for.
  private func process(_ action: TurnGestureAction) {
    switch action {
    case .toggleHUD:
      overlay.toggle()
      needsDraw = true
    case .beganTurn(let direction):
      begin(direction)
    case .finishedTurn(let direction, let completed):
      finish(direction, completed: completed)
    }
  }

  /// A turn starts: the page it goes to is looked at (not turned to) and its picture
  /// made ready. At either end of the book there is none: the gesture is dropped and the
  /// controller says why. A turn made on its own (`turnedFrom`) goes from those pages to
  /// the ones shown.
  private func begin(_ direction: TurnDirection) {
    let forward = direction == .forward
    menu = nil
    let controller = self.controller
    let shown = turnedFrom ?? screen.sides
    // The work ahead waits while the page turns: the frames want every core (the loop
    // lets it go on once the turn is over).
    let hold = !workAheadHeld
    let known = turnedFrom == nil ? nil : screen.sides
    let target = Blocking.run { () -> [PageSide]? in
      let target: [PageSide]?
      if let known { target = known } else { target = await controller.preview(forward: forward) }
      guard let target else { return nil }
      if hold { await controller.pauseWorkAhead() }
      return target
    }
    if target != nil { workAheadHeld = true }
    guard let target else {
      gesture.cancel()
      turn = nil
      commit(direction)
      return
    }
    let size = window.drawableSize
    let theme = screen.theme
    // The pictures as the window shows them, with the selection where it is on them.
    let fromSelection = SelectionLayer.bands(on: shown, renderer: renderer)
    let toSelection = SelectionLayer.bands(on: target, renderer: renderer)
    let fromImage = shownPicture(
      shown, selection: fromSelection, theme: theme, width: size.width, height: size.height)
    let toImage = shownPicture(
      target, selection: toSelection, theme: theme, width: size.width, height: size.height)
    let fromKey = PictureKey(sides: shown, theme: theme, width: size.width, height: size.height)
    // The software renderer composites turns from the pictures themselves: the target
    // gets its texture only once it is the page shown.
    var from: SDLTexture?
    var to: SDLTexture?
    if !window.isSoftware {
      if let current, current.key == fromKey, current.selection == fromSelection {
        from = current.texture
      } else if let texture = window.texture(fromImage) {
        from = texture
        current = (fromKey, fromSelection, texture)
      }
      to = window.texture(toImage)
      guard from != nil, to != nil else {
        gesture.cancel()
        return
      }
    }
    // A new turn: its first frame is drawn whole.
    turnCanvas?.reset()
    let effect = TurnAnimation.themedEffect(
      screen.turnMode, sheet: pictures.paperSample(of: forward ? fromImage : toImage),
      rightToLeft: screen.progressesRightToLeft)
    turn = Turn(
      direction: direction, from: from, to: to, fromImage: fromImage, toImage: toImage,
      target: target,
      targetKey: PictureKey(sides: target, theme: theme, width: size.width, height: size.height),
      targetSelection: toSelection,
      effect: effect, isCommitted: turnedFrom != nil)
    needsDraw = true
  }

  /// A turn's animation ended: completed, the controller turns (and saves the position);
  /// cancelled, nothing changes.
  private func finish(_ direction: TurnDirection, completed: Bool) {
    guard let turn else { return }
    self.turn = nil
    needsDraw = true
    guard completed else {
      turnsCancelled += 1
      return
    }
    if let to = turn.to { current = (turn.targetKey, turn.targetSelection, to) }
    turnsCompleted += 1
    if !turn.isCommitted { commit(direction) }
  }

  /// Turns in the controller: the page, position and page view become the new page's.
  private func commit(_ direction: TurnDirection) {
    perform(direction == .forward ? .turnForward : .turnBackward)
  }

  /// Ends a running animation at once (a key or a click that is not a turn arrived).
  func settleTurn() {
    guard gesture.turn.isAnimating else { return }
    process(gesture.advance(to: .greatestFiniteMagnitude))
  }
}
