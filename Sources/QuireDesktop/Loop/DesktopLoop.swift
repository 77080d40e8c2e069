import Foundation
import QuireBook
import QuireReading
import QuireRendering
import QuireTypesetting
import QuireUI

/// The window's event loop and what it holds between frames: the screen from the
/// controller, the gesture machine, the turn under way, and the textures of the page
/// picture, the HUD layer and the panel layer.
final class DesktopLoop {
  /// A turn being dragged or animated: the pictures before and after, and the effect.
  struct Turn {
    var direction: TurnDirection
    /// The pictures' textures, for the mesh's layers (none on the software renderer,
    /// which composites the pictures on the CPU).
    var from: SDLTexture?
    var to: SDLTexture?
    /// The pictures (in the framebuffer's byte order on the software renderer).
    var fromImage: RGBAImage
    var toImage: RGBAImage
    var target: [PageSide]
    var targetKey: PictureKey
    /// The selection's bands on the target, as its picture shows them.
    var targetSelection: [Rect]
    var effect: any TurnEffect
    /// The controller turned already (speech or auto turn): the end commits nothing.
    var isCommitted = false
  }

  let window: SDLWindow
  let controller: ReaderController
  /// The book shown: another after one is chosen in the library.
  var book: Book
  let keyMap: KeyMap
  let renderer: PageRenderer
  let fonts: FontContext
  let pictures: ScreenPictures
  let covers: CoverArt
  let report: StateReport?
  var screen: ReaderScreen
  var preferences: Preferences
  /// What presses on the page mean: turns, taps and selections.
  var gesture: PageGesture
  var turn: Turn?
  /// The page texture: the picture of `key` with the selection's bands `selection`.
  var current: (key: PictureKey, selection: [Rect], texture: SDLTexture)?
  /// The bands of all the text of the pages of `key` (`SelectionLayer.allBands`), kept
  /// while a selection on them moves.
  var allBands: (key: PictureKey, bands: [Rect])?
  var hudLayer: (key: HUDKey, texture: SDLTexture, regions: [HUDRegion], bands: [Range<Int>])?
  /// The HUD layer's pixels, kept to draw the next HUD into (transparent outside its bands).
  var hudCanvas: RGBAImage?
  var panelLayer: (key: PanelKey, texture: SDLTexture, layout: PanelLayout)?
  /// The overlay (title, slider, buttons) is shown over the page: time under it is not
  /// reading (`coverPage()`).
  var overlay = false {
    didSet { if overlay != oldValue { coverPage() } }
  }
  /// Where the overlay's slider is held, and what it points at.
  var slider: (fraction: Double, label: String)?
  /// Where the pointer went down on a link, a panel, the overlay or the selection's menu
  /// (not a page turn).
  var press: (x: Double, y: Double, on: PressTarget)?
  /// The menu beside the selection, shown when the button comes up after selecting, and
  /// the x it was centred on (it follows the selection when keys move its end).
  var menu: SelectionMenu? {
    didSet { if (menu == nil) != (oldValue == nil) { coverPage() } }
  }
  var menuX = 0.0
  /// The menu's picture as a texture, for the menu and theme it shows.
  var menuLayer: (menu: SelectionMenu, theme: Theme, texture: SDLTexture)?
  /// When the pointer event that moved the selection's end reached the loop, until the
  /// frame showing it is on screen (the state report keeps the time between).
  var selectionAnswering: Double?
  var needsDraw = true
  /// The drawable size the pages were last laid out for: a window that changed size
  /// without saying so (F11 with no window manager) is laid out again before a frame.
  var laidOutSize: (width: Int, height: Int)?
  /// The pages shown changed: render the neighbours ahead after the next frame.
  var needsPrefetch = false
  /// Whether something happened since freed memory was last returned to the system.
  var memoryToReturn = true
  /// The software renderer's turn frame, composited by `TurnCompositor` (each frame
  /// redrawn only where it can differ from the last) and its texture.
  var compositeTexture: SDLTexture?
  var turnCanvas: TurnFrameCanvas?
  /// Whether the window shows the turn's last composited frame under the HUD of now, so
  /// that the next frame need only draw and show what changed.
  var surfaceHoldsTurnFrame = false
  /// The session's work ahead is held: a turn is under way, or the frame answering the
  /// reader's last input is not shown yet (the loop lets it go on then).
  var workAheadHeld = false
  /// The last `ReaderScreen.copy` put on the clipboard (each is copied once).
  var lastCopy = 0
  /// `ReaderScreen.turnsOnItsOwn` as last seen, and while a turn the controller made
  /// begins, the pages it turned from.
  var turnsOnItsOwn = 0
  var turnedFrom: [PageSide]?
  var ending: DesktopReader.Ending?
  var turnsCompleted = 0
  var turnsCancelled = 0
  var lastFrame = 0.0
  /// When the reader's last key, click or wheel step reached the loop, until the frame
  /// that answers it is on screen (the state report keeps the time between).
  var answering: Double?
  var lastReport = 0.0
  /// The last pointer event handled, for the state report; `pointerUnreported` until a
  /// report says it (one is written for it when no frame follows).
  var pointer: StateReport.Snapshot.Pointer?
  var pointerUnreported = false
  private var watcher: Task<Void, Never>?

  enum PressTarget {
    case link, panel, overlay
    case menu(SelectionMenu.Item?)
  }

  struct HUDKey: Hashable {
    var hud: HUD
    var message: ScreenMessage?
    var theme: Theme
    var width: Int
    var height: Int
  }

  struct PanelKey: Hashable {
    var panel: Panel
    var theme: Theme
    var width: Int
    var height: Int
    var covers: Int
    /// A message shown over the panel (why a book from the library did not open).
    var message: ScreenMessage?
  }

  /// The typesetter and renderer the window draws with, made before the loop starts.
  struct Drawing {
    let fonts: FontContext
    let renderer: PageRenderer

    /// Sets a HUD with the book's title once, off screen: its faces, hyphenation
    /// dictionary and title line are then ready (and cached) for the first frame.
    func prepareHUD(for book: Book, theme: Theme, window: SDLWindow) {
      let size = window.drawableSize
      var hud = HUD(
        bookTitle: book.metadata.title, author: book.metadata.authors.first ?? "",
        chapterTitle: "", pageNumber: 1, pageCount: 1, progression: 0,
        fontSize: (12 * window.scale).rounded(), language: book.metadata.language ?? "en")
      hud.isPageCountPending = true
      _ = renderer.renderHUD(hud, width: size.width, height: size.height, theme: theme)
    }

    init(book: Book) throws(DesktopError) {
      do {
        fonts = try FontContext()
        renderer = try PageRenderer(resources: { try book.resource(at: $0) }, fonts: fonts)
      } catch {
        throw DesktopError(description: "cannot set up the typesetter: \(error)")
      }
    }
  }

  init(
    window: SDLWindow, controller: ReaderController, book: Book, drawing: Drawing,
    report: StateReport?
  ) {
    self.window = window
    self.controller = controller
    self.book = book
    self.report = report
    fonts = drawing.fonts
    renderer = drawing.renderer
    pictures = ScreenPictures(book: book, blueFirst: window.isSoftware)
    covers = CoverArt(renderer: renderer)
    covers.changed = { SDLWindow.wake() }
    (screen, preferences, keyMap) = Blocking.run {
      (await controller.screen(), await controller.preferences, await controller.keyMap)
    }
    let size = window.drawableSize
    gesture = PageGesture(
      turn: TurnGesture(
        settings: Self.gestureSettings(
          width: size.width, height: size.height, preferences: preferences)))
    let updates = controller.updates
    watcher = Task.detached {
      for await _ in updates { SDLWindow.wake() }
    }
  }

  deinit { watcher?.cancel() }

  static func viewport(of window: SDLWindow) -> Viewport {
    let size = window.drawableSize
    return .pixels(width: Double(size.width), height: Double(size.height), scale: window.scale)
  }

  static func gestureSettings(width: Int, height: Int, preferences: Preferences)
    -> TurnGestureSettings
  {
    var settings = TurnGestureSettings(width: Float(width), height: Float(height))
    settings.zones = TapZones(preferences.tapZones) ?? .standard
    return settings
  }

  // MARK: - The loop

  /// Runs until the reader quits or closes the window; saves the window's place.
  func run() -> DesktopReader.Ending {
    updateTitle()
    draw()
    prefetchNeighbours()
    while ending == nil {
      var timeout: Double?
      if gesture.turn.isAnimating {
        timeout = max(0, lastFrame + 1.0 / 60 - Stopwatch.now())
      } else {
        // Half a second after the last change, the memory freed by it goes back to the
        // system; then the loop sleeps until the next event.
        timeout = memoryToReturn ? Memory.idleDelay : nil
      }
      // A press held on text, or a tap waiting for a second click, has its moment.
      if let deadline = gesture.nextDeadline {
        timeout = max(0, min(timeout ?? .greatestFiniteMagnitude, deadline - SDLWindow.ticks))
      }
      let events = window.events(waiting: timeout)
      if answering == nil, events.contains(where: \.wantsAnswer) { answering = Stopwatch.now() }
      if events.isEmpty, !gesture.turn.isAnimating, memoryToReturn {
        releaseIdleBuffers()
        Memory.returnFreedMemory()
        memoryToReturn = false
      } else if !events.isEmpty {
        memoryToReturn = true
      }
      for event in events {
        handle(event)
        if ending != nil { break }
      }
      if ending != nil { break }
      if gesture.turn.isAnimating {
        process(gesture.advance(to: SDLWindow.ticks))
        needsDraw = true
      } else if gesture.nextDeadline != nil {
        process(gesture.advance(to: SDLWindow.ticks))
      }
      if needsDraw { draw() }
      if pointerUnreported { writeState(at: Stopwatch.now()) }
      // The spreads either side are looked at and rendered ahead only once the new page
      // is on screen, so a turn or a settings change shows in the next frame.
      if needsPrefetch, !gesture.turn.isTurning {
        needsPrefetch = false
        prefetchNeighbours()
      }
      // The frame answering the reader is shown and no page is turning: the work ahead
      // goes on.
      if workAheadHeld, turn == nil, !needsDraw {
        workAheadHeld = false
        let controller = self.controller
        Blocking.run { await controller.resumeWorkAhead() }
      }
    }
    let size = window.windowSize
    let position = window.position
    let fullscreen = window.isFullscreen
    Blocking.run { [controller] in
      if !fullscreen {
        await controller.rememberWindow(
          width: size.width, height: size.height, x: position.x, y: position.y)
      }
      await controller.close()
    }
    return ending ?? .quit
  }

  /// Gives back what only a turn, an open panel or a HUD change needs (two window-sized
  /// buffers for the software compositor, the panel layer's texture, the HUD's canvas),
  /// once the window is idle.
  func releaseIdleBuffers() {
    if turn == nil {
      compositeTexture = nil
      turnCanvas = nil
    }
    if screen.panel == nil { panelLayer = nil }
    if menu == nil { menuLayer = nil }
    hudCanvas = nil
  }

  /// Runs `work` on the controller and takes the screen (and preferences) it returns.
  ///
  /// Answering the reader comes first: unless `holdingWorkAhead` is false (the screen
  /// changed on its own), the session's work ahead is held until the new frame is shown.
  func update(
    holdingWorkAhead: Bool = true,
    _ work: @escaping @Sendable (ReaderController) async -> ReaderScreen
  ) {
    let controller = self.controller
    let before = screen.sides.map(\.page.range)
    let shownBefore = screen.sides
    let hold = holdingWorkAhead && !workAheadHeld
    (screen, preferences) = Blocking.run {
      if hold { await controller.pauseWorkAhead() }
      return (await work(controller), await controller.preferences)
    }
    if hold { workAheadHeld = true }
    if screen.book !== book { adopt(screen.book) }
    if let copy = screen.copy, copy.id != lastCopy {
      lastCopy = copy.id
      let failure = window.copy(copy.text)
      let count = copy.text.count
      let message =
        failure.map { "Nothing was copied: \($0)" }
        ?? "Copied \(count) character\(count == 1 ? "" : "s") to the clipboard."
      screen = Blocking.run { await controller.copied(message, failed: failure != nil) }
    }
    gesture.turn.settings.zones = TapZones(preferences.tapZones) ?? .standard
    gesture.turn.settings.rightToLeft = screen.progressesRightToLeft
    followSelection()
    needsDraw = true
    if screen.isFinished { ending = .quit }
    updateTitle()
    if screen.sides.map(\.page.range) != before { needsPrefetch = true }
    if screen.turnsOnItsOwn != turnsOnItsOwn {
      turnsOnItsOwn = screen.turnsOnItsOwn
      if screen.sides.map(\.page.range) != before { animateTurnOnItsOwn(from: shownBefore) }
    }
  }

  /// Tells the session whether the overlay or the selection's menu covers the page: the
  /// time they are there is not counted as reading, as the time under a panel is not.
  func coverPage() {
    let controller = self.controller
    let covered = overlay || menu != nil
    Blocking.run { await controller.setPageCovered(covered) }
  }

  /// Another book was opened (from the library, or a dropped file): its pictures come
  /// from it, and nothing drawn of the last one is shown again.
  func adopt(_ next: Book) {
    book = next
    renderer.resources = { try next.resource(at: $0) }
    pictures.adopt(next)
    current = nil
  }

  func perform(_ command: ReaderCommand) {
    update { await $0.perform(command) }
  }

  func updateTitle() {
    let title =
      screen.chapterTitle.isEmpty
      ? "\(screen.bookTitle) — Quire" : "\(screen.bookTitle) · \(screen.chapterTitle) — Quire"
    if window.title != title { window.title = title }
  }

  /// Renders the spreads before and after the one shown on the worker, for the next turn.
  func prefetchNeighbours() {
    guard screen.panel == nil || screen.panel?.kind == .footnote else { return }
    let controller = self.controller
    let (next, previous) = Blocking.run {
      (await controller.preview(forward: true), await controller.preview(forward: false))
    }
    let size = window.drawableSize
    for sides in [next, previous].compactMap({ $0 }) {
      pictures.prefetch(sides, theme: screen.theme, width: size.width, height: size.height)
    }
  }
}
