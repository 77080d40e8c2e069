import Foundation
import QuireBook
import QuireRendering
import QuireTypesetting
import QuireUI

extension DesktopLoop {
  /// One window event.
  func handle(_ event: WindowEvent) {
    switch event {
    case .quit:
      ending = .closed
    case .resized:
      surfaceHoldsTurnFrame = false
      resize()
    case .exposed:
      // What the window showed may be gone: the next frame is shown whole.
      surfaceHoldsTurnFrame = false
      needsDraw = true
    case .moved:
      break
    case .wake:
      update(holdingWorkAhead: false) { await $0.screen() }
    case .text(let text):
      for character in text { key(KeyChord.character(character)) }
    case .key(let chord, _):
      key(chord)
    case .wheel(let steps):
      if screen.panel != nil {
        perform(steps > 0 ? .moveUp : .moveDown)
      } else {
        animatedTurn(steps > 0 ? .backward : .forward)
      }
    case .pointerDown(let x, let y, let button, let shift, let time):
      note(pointerAt: x, y, isPressed: true)
      pointerDown(x: x, y: y, button: button, shift: shift, time: time)
    case .pointerMove(let x, let y, let isPressed, let time):
      note(pointerAt: x, y, isPressed: isPressed)
      if isPressed, gesture.isSelecting, selectionAnswering == nil {
        selectionAnswering = Stopwatch.now()
      }
      pointerMove(x: x, y: y, isPressed: isPressed, time: time)
    case .pointerUp(let x, let y, let button, let time):
      note(pointerAt: x, y, isPressed: false)
      pointerUp(x: x, y: y, button: button, time: time)
    case .dropped(let path):
      settleTurn()
      overlay = false
      update { await $0.open(path: path) }
    }
  }

  /// Keeps the pointer event for the state report (tests confirm a drag step by step).
  private func note(pointerAt x: Double, _ y: Double, isPressed: Bool) {
    guard report != nil else { return }
    pointer = .init(x: x, y: y, isPressed: isPressed, events: (pointer?.events ?? 0) + 1)
    pointerUnreported = true
  }

  /// The window changed size: the pages are laid out again around the first character.
  func resize() {
    settleTurn()
    gesture.cancel()
    menu = nil
    let size = window.drawableSize
    laidOutSize = size
    gesture.turn.settings = Self.gestureSettings(
      width: size.width, height: size.height, preferences: preferences)
    gesture.turn.settings.rightToLeft = screen.progressesRightToLeft
    let viewport = Self.viewport(of: window)
    update { await $0.resize(to: viewport) }
  }

  // MARK: - Keys

  func key(_ chord: KeyChord) {
    if chord.key == .function(11) {
      // Without a window manager the size may change with no event, or not at all: the
      // pages follow the drawable size whichever happens (`draw` checks it too).
      window.setFullscreen(!window.isFullscreen)
      surfaceHoldsTurnFrame = false
      resize()
      return
    }
    if chord.control, !chord.alt, chord.key == .character("q") || chord.key == .character("c") {
      settleTurn()
      // Ctrl+Q quits from anywhere; Ctrl+C copies the selection and never quits (in a
      // panel it does nothing: there is no selection there).
      if chord.key == .character("q") {
        perform(.quit)
      } else if screen.panel == nil {
        perform(.copySelection)
      }
      return
    }
    if screen.panel == nil, chord.key == .escape, !chord.control, !chord.alt {
      settleTurn()
      if screen.hasSelection {
        perform(.clearSelection)
      } else if overlay || slider != nil {
        overlay = false
        slider = nil
        needsDraw = true
      } else {
        // Esc from a book returns to the library, as in the book list of seed 000.
        perform(.library)
      }
      return
    }
    let layer: KeyMap.Layer = screen.panel == nil ? .reading : .panel
    let command = keyMap.command(for: chord, in: layer)?.resolved(
      rightToLeft: screen.progressesRightToLeft)
    if screen.panel == nil, command == .turnForward || command == .turnBackward {
      animatedTurn(command == .turnForward ? .forward : .backward)
      return
    }
    settleTurn()
    if command.map(Self.opensPanel) ?? false { overlay = false }
    update { await $0.handle(chord) }
  }

  static func opensPanel(_ command: ReaderCommand) -> Bool {
    switch command {
    case .contents, .search, .bookmarks, .help, .settings, .library, .statistics, .linkHints,
      .addNote, .goTo, .lookUpSelection, .searchSelection:
      true
    default: false
    }
  }

  // MARK: - The pointer

  /// The pointer's events, at `time` on SDL's clock (`SDLWindow.ticks`).
  func pointerDown(x: Double, y: Double, button: PointerButton, shift: Bool, time: Double) {
    switch button {
    case .back:
      settleTurn()
      perform(.back)
      return
    case .middle:
      overlay.toggle()
      needsDraw = true
      return
    case .secondary:
      if screen.panel == nil, !overlay { contextMenu(x: x, y: y) }
      return
    case .primary:
      break
    default:
      return
    }
    if screen.panel != nil {
      press = (x, y, .panel)
      return
    }
    if overlay {
      if let region = hudRegion(at: x, y), region.kind == .slider {
        moveSlider(to: region.progression(atX: x))
      }
      press = (x, y, .overlay)
      return
    }
    if let menu, menu.frame.contains(Point(x: x, y: y)) {
      press = (x, y, .menu(menu.item(at: Point(x: x, y: y))))
      process(gesture.ignorePress(time: time))
      return
    }
    if !gesture.turn.isTurning,
      Blocking.run({ [controller] in await controller.hasLink(atX: x, y: y) })
    {
      press = (x, y, .link)
      process(gesture.ignorePress(time: time))
      return
    }
    pressPage(x: x, y: y, shift: shift, time: time)
  }

  func pointerMove(x: Double, y: Double, isPressed: Bool, time: Double) {
    guard isPressed else { return }
    if slider != nil, let region = hudLayer?.regions.first(where: { $0.kind == .slider }) {
      moveSlider(to: region.progression(atX: x))
      return
    }
    if press != nil { return }
    let wasDragging = gesture.turn.isDragging
    process(gesture.move(to: TurnPoint(x: Float(x), y: Float(y)), time: time))
    if gesture.turn.isDragging || wasDragging { needsDraw = true }
  }

  func pointerUp(x: Double, y: Double, button: PointerButton, time: Double) {
    guard button == .primary else { return }
    if let slider {
      self.slider = nil
      press = nil
      perform(.goToProgression(slider.fraction))
      return
    }
    if let press {
      self.press = nil
      let moved = hypot(x - press.x, y - press.y)
      switch press.on {
      case .panel: panelClick(x: x, y: y)
      case .overlay: overlayClick(x: x, y: y)
      case .link where moved < 10: update { await $0.click(atX: x, y: y) }
      case .link: break
      case .menu(let item):
        // An item acts when the button comes up on the item it went down on.
        if let item, item == menu?.item(at: Point(x: x, y: y)) {
          if Self.opensPanel(item.command) { overlay = false }
          menu = nil
          perform(item.command)
        }
      }
      return
    }
    process(gesture.release(at: TurnPoint(x: Float(x), y: Float(y)), time: time))
    needsDraw = true
  }

  private func hudRegion(at x: Double, _ y: Double) -> HUDRegion? {
    hudLayer?.regions.first { $0.contains(Point(x: x, y: y)) }
  }

  private func moveSlider(to fraction: Double) {
    let controller = self.controller
    let target = Blocking.run { await controller.destination(atProgression: fraction) }
    slider = (fraction, "\(target.chapter) · \(target.page)")
    needsDraw = true
  }

  private func overlayClick(x: Double, y: Double) {
    guard let region = hudRegion(at: x, y) else {
      overlay = false
      needsDraw = true
      return
    }
    switch region.kind {
    case .tableOfContents: overlay = false; perform(.contents)
    case .search: overlay = false; perform(.search)
    case .bookmarks: overlay = false; perform(.bookmarks)
    case .bookmark: perform(.toggleBookmark)
    case .settings: overlay = false; perform(.settings)
    case .library: overlay = false; perform(.library)
    // Reading aloud starts with the overlay gone, so the page and its highlight show.
    case .readAloud:
      if screen.readAloud == .stopped { overlay = false }
      perform(.readAloud)
    case .header, .footer, .progressBar, .slider: break
    }
    needsDraw = true
  }

  private func panelClick(x: Double, y: Double) {
    guard let layout = panelLayer?.layout else { return }
    let point = Point(x: x, y: y)
    if let confirm = layout.confirm, confirm.contains(point) {
      perform(.choose)
    } else if let cancel = layout.cancel, cancel.contains(point) {
      perform(.dismiss)
    } else if let row = layout.row(at: point) {
      update { await $0.choose(row: row) }
    } else if !layout.card.contains(point) {
      perform(.dismiss)
    }
  }
}
