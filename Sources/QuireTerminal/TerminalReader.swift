public import Foundation
public import QuireBook
public import QuireReading
import QuireRendering
public import QuireUI

#if canImport(Glibc)
  import Glibc
#endif

/// The full-screen terminal reader: a `ReaderController` on cells, drawn with SGR.
///
/// Only input decoding and drawing live here. The loop waits for one of: bytes from the
/// terminal, a resize (SIGWINCH), a signal to stop (SIGTERM, SIGHUP, SIGINT), or the
/// controller saying the screen changed (search results). Each frame is diffed against
/// the last and written in one `write`.
public enum TerminalReader {
  /// Why the reader stopped.
  public enum Ending: Sendable, Equatable {
    case quit
    /// A signal asked it to stop (SIGTERM, SIGHUP, SIGINT).
    case signal(Int32)
    /// The terminal went away.
    case terminalClosed
  }

  enum LoopEvent: Sendable {
    case input([UInt8])
    case resize
    case refresh
    /// The wait for a second click (`PointerTracker`) of this generation is over.
    case clickTimeout(Int)
    /// SIGTSTP from outside (`kill -TSTP`): suspend as Ctrl-Z does.
    case suspend
    /// SIGCONT: the process was stopped and goes on; take the terminal again and redraw.
    case continued
    case stop(Ending)
  }

  /// Whether standard input and output are a terminal the reader can take over.
  public static var isAvailable: Bool { TerminalDevice.isInteractive }

  /// Reads `book` until the reader quits; the terminal is restored on every way out.
  ///
  /// - Throws: `TerminalError` when the terminal cannot be set up; what opening the
  ///   reading session throws.
  public static func run(
    book: Book, library: Library?, configuration: ReaderController.Configuration,
    showLibrary: Bool = false,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async throws -> Ending {
    // Late for the thread this runs on (`quire read` sets it on its main thread first), in
    // time for the threads the reader starts.
    MallocArenas.useOne()
    var configuration = configuration
    configuration.fixedKeys.insert(contentsOf: [Self.quitRow, Self.suspendRow], at: 0)
    if Self.asksForVerticalText(book, preferences: configuration.preferences) {
      configuration.startupNotices.append(Self.verticalNotice)
    }
    let device = TerminalDevice()
    let (events, sink) = AsyncStream.makeStream(of: LoopEvent.self)
    let signals = watchSignals(sink)
    defer { signals.forEach { $0.cancel() } }
    try device.activate()
    defer { device.restore() }
    let size = device.size
    let controller = try await ReaderController(
      book: book, library: library, viewport: .cells(columns: size.columns, rows: size.rows),
      configuration: configuration)
    let updates = controller.updates
    let refresher = Task {
      for await _ in updates { sink.yield(.refresh) }
    }
    defer { refresher.cancel() }
    var screen = showLibrary ? await controller.perform(.library) : await controller.screen()
    let graphics = GraphicsMode.choose(
      preference: configuration.preferences.terminalImages, environment: environment,
      answer: configuration.preferences.terminalImages == "auto"
        && environment["TMUX"] == nil ? device.ask(GraphicsMode.query) : "")
    var loop = DrawLoop(device: device, colors: ColorMode.detect(environment), graphics: graphics)
    guard loop.draw(screen) else {
      await controller.close()
      return .terminalClosed
    }
    InputThread.start(
      descriptor: device.input, received: { sink.yield(.input($0)) },
      closed: { sink.yield(.stop(.terminalClosed)) })
    var decoder = InputDecoder()
    var pointer = PointerTracker()
    let clipboard = TerminalClipboard(
      environment: environment, tmuxClipboard: TmuxClipboardOption.value(environment: environment))
    var copied = screen.copy?.id ?? 0
    var ending = Ending.quit
    eventLoop: for await event in events {
      switch event {
      case .input(let bytes):
        for input in decoder.decode(bytes) {
          if case .key(let chord) = input, chord == Self.suspendKey {
            screen = await suspend(device: device, loop: &loop, controller: controller)
            continue
          }
          screen = await handle(
            input, controller: controller, screen: screen, pointer: &pointer,
            wait: { generation in
              Task {
                try? await Task.sleep(for: .seconds(PointerTracker.doubleClickTime))
                sink.yield(.clickTimeout(generation))
              }
            })
          if screen.isFinished { break }
        }
      case .resize:
        let size = device.size
        loop.invalidate()
        screen = await controller.resize(to: .cells(columns: size.columns, rows: size.rows))
      case .refresh:
        screen = await controller.screen()
      case .clickTimeout(let generation):
        if case .click(let column, let row)? = pointer.timedOut(generation: generation) {
          screen = await controller.click(atX: Double(column), y: Double(row))
        }
      case .suspend:
        screen = await suspend(device: device, loop: &loop, controller: controller)
      case .continued:
        device.reassert()
        loop.invalidate()
        screen = await controller.screen()
      case .stop(let reason):
        ending = reason
        break eventLoop
      }
      if screen.isFinished { break }
      // Text to copy goes out before the frame: OSC 52 in the terminal's own output, and
      // the desktop's clipboard program where there is one.
      if let copy = screen.copy, copy.id != copied {
        copied = copy.id
        let report = clipboard.copy(copy.text) { _ = device.write($0) }
        screen = await controller.copied(report.message, failed: report.failed)
      }
      guard loop.draw(screen) else {
        ending = .terminalClosed
        break
      }
    }
    await controller.close()
    return ending
  }

  /// What a terminal event does: keys go through the key map; the wheel turns pages (or
  /// moves in a panel); presses, drags and releases go through the `PointerTracker`: a
  /// drag selects, a double-click selects a word, a click goes to the controller's hit
  /// testing and tap zones (on text, once no second click came).
  static func handle(
    _ event: TerminalEvent, controller: ReaderController, screen: ReaderScreen,
    pointer: inout PointerTracker, wait: (Int) -> Void
  ) async -> ReaderScreen {
    let now = Stopwatch.now()
    let actions: [PointerTracker.Action]
    switch event {
    case .key(let chord):
      // Whatever keys.json binds or unbinds, Ctrl-C leaves the reader.
      if chord == KeyChord(.character("c"), control: true) {
        return await controller.perform(.quit)
      }
      return await controller.handle(chord)
    case .wheel(let direction):
      if screen.panel != nil {
        return await controller.perform(direction > 0 ? .moveDown : .moveUp)
      }
      return await controller.perform(direction > 0 ? .turnForward : .turnBackward)
    case .press(let column, let row):
      actions = pointer.press(column: column, row: row, at: now)
    case .drag(let column, let row):
      actions = screen.panel == nil ? pointer.drag(column: column, row: row) : []
    case .release(let column, let row):
      let onText =
        screen.panel == nil
        ? await controller.isOnText(atX: Double(column), y: Double(row)) : false
      actions = pointer.release(column: column, row: row, at: now, onText: onText)
    }
    var screen = screen
    for action in actions {
      switch action {
      case .click(let column, let row):
        screen = await controller.click(atX: Double(column), y: Double(row))
      case .select(let column, let row, let unit):
        screen = await controller.select(atX: Double(column), y: Double(row), unit: unit)
      case .extend(let column, let row):
        screen = await controller.extendSelection(toX: Double(column), y: Double(row))
      case .wait(let generation):
        wait(generation)
      }
    }
    return screen
  }

  /// What the terminal says when a book or the `writingMode` preference asks for vertical
  /// text, which cells do not set.
  static let verticalNotice =
    "This book is written in vertical columns; the terminal sets it horizontally "
    + "(the window shows the columns)"

  /// Whether `book` would be set in vertical columns in the window: the reader asks for
  /// vertical text in a Chinese, Japanese or Korean book, or its first chapters are
  /// written vertically (CSS `writing-mode`, an Aozora Bunko text) and the reader has not
  /// asked for horizontal text.
  static func asksForVerticalText(_ book: Book, preferences: Preferences) -> Bool {
    switch preferences.writingMode {
    case "horizontal": return false
    case "vertical":
      let language = book.metadata.language?.lowercased() ?? ""
      if ["zh", "ja", "ko"].contains(where: { language.hasPrefix($0) }) { return true }
    default: break
    }
    for chapter in book.readingOrder.prefix(3) {
      guard let text = try? book.text(ofChapter: chapter) else { continue }
      if text.paragraphs.contains(where: { $0.value.writingMode == .verticalRightToLeft }) {
        return true
      }
    }
    return false
  }

  /// Ctrl-Z, which suspends the reader whatever keys.json says, as in every full-screen
  /// terminal program (raw mode turns it into a key instead of SIGTSTP).
  static let suspendKey = KeyChord(.character("z"), control: true)

  /// Suspends the reader (`TerminalDevice.suspend`) and, once it goes on, redraws the whole
  /// screen at the terminal's size, which may have changed meanwhile.
  static func suspend(
    device: TerminalDevice, loop: inout DrawLoop, controller: ReaderController
  ) async -> ReaderScreen {
    let before = device.size
    device.suspend()
    loop.invalidate()
    let size = device.size
    if size != before {
      return await controller.resize(to: .cells(columns: size.columns, rows: size.rows))
    }
    return await controller.screen()
  }

  /// The help screen's first row: the way out that no key map can take away.
  static let quitRow = Panel.Row(text: "Ctrl-C", detail: "Quit (always, whatever keys.json says)")

  /// The help screen's second row.
  static let suspendRow = Panel.Row(
    text: "Ctrl-Z", detail: "Suspend to the shell ('fg' comes back)")

  /// Signal sources for resizes and requests to stop; the signals' default actions are
  /// turned off while they are watched.
  private static func watchSignals(_ sink: AsyncStream<LoopEvent>.Continuation)
    -> [any DispatchSourceSignal]
  {
    var sources: [any DispatchSourceSignal] = []
    for (number, event) in [
      (SIGWINCH, LoopEvent.resize), (SIGTERM, .stop(.signal(SIGTERM))),
      (SIGHUP, .stop(.signal(SIGHUP))), (SIGINT, .stop(.signal(SIGINT))),
      (SIGTSTP, .suspend), (SIGCONT, .continued),
    ] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { sink.yield(event) }
      source.resume()
      sources.append(source)
    }
    return sources
  }
}

/// Paints screens and writes only what changed, then the pictures over them.
struct DrawLoop {
  let device: TerminalDevice
  var painter: ScreenPainter
  var writer: FrameWriter
  let graphics: GraphicsMode
  let pictures = PictureStore()
  private var placed: [PicturePlacement] = []

  init(device: TerminalDevice, colors: ColorMode, graphics: GraphicsMode) {
    self.device = device
    self.graphics = graphics
    painter = ScreenPainter(colors: colors)
    writer = FrameWriter(colors: colors)
  }

  mutating func invalidate() {
    writer.invalidate()
    placed = []
  }

  /// Draws `screen`; false when the terminal is gone.
  mutating func draw(_ screen: ReaderScreen) -> Bool {
    let size = device.size
    let placements = graphics == .none || screen.panel != nil ? [] : self.placements(screen)
    let cell = device.cellPixels
    var drawn: [(PicturePlacement, RGBAImage)] = []
    for placement in placements {
      if let image = pictures.picture(
        placement.href, of: screen.book, width: placement.columns * cell.width,
        height: placement.rows * cell.height, background: screen.theme.background)
      {
        drawn.append((placement, image))
      }
    }
    painter.graphics = Set(drawn.map(\.0.href))
    let grid = painter.paint(screen, columns: size.columns, rows: size.rows)
    var bytes = writer.bytes(for: grid)
    let shown = drawn.map(\.0)
    if shown != placed || (graphics == .sixel && !bytes.isEmpty && !shown.isEmpty) {
      if graphics == .kitty { bytes += PictureSequences.kittyDeleteAll }
      for (placement, image) in drawn {
        bytes += Array("\u{1B}[\(placement.row + 1);\(placement.column + 1)H".utf8)
        switch graphics {
        case .kitty:
          if let png = try? image.pngData() {
            bytes += PictureSequences.kitty(
              png: png, columns: placement.columns, rows: placement.rows)
          }
        case .sixel: bytes += PictureSequences.sixel(image)
        case .none: break
        }
      }
      placed = shown
    }
    return device.write(bytes)
  }

  /// Where the pictures of the pages shown go, in cells.
  private func placements(_ screen: ReaderScreen) -> [PicturePlacement] {
    screen.sides.flatMap { side in
      CellPage.pictures(of: side.page).map { picture in
        PicturePlacement(
          href: picture.attachment.href, column: Int(side.frame.x) + picture.column,
          row: Int(side.frame.y) + picture.row, columns: picture.width, rows: picture.height)
      }
    }
  }
}
