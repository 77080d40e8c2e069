public import Foundation
public import QuireBook
public import QuireReading
import QuireRendering
public import QuireUI

/// The desktop reader: a `ReaderController` on pixels in an SDL2 window, whose pages turn
/// under the pointer with the geometry of `QuireRendering`'s turn effects.
///
/// Only input and drawing live here, as in the terminal reader. The loop runs on the
/// calling thread (SDL's rule), sleeps in `SDL_WaitEvent` while nothing moves, and draws
/// frames only while a turn is dragged or animated or the screen changed.
public enum DesktopReader {
  /// Why the reader stopped.
  public enum Ending: Sendable, Equatable {
    case quit
    /// The window was closed.
    case closed
  }

  /// Whether a display is there to open a window on (`DISPLAY` or `WAYLAND_DISPLAY`).
  public static func isAvailable(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
  }

  /// Reads `book` in a window until the reader quits or closes it.
  ///
  /// `QUIRE_DESKTOP_STATE`, when set, names a file the reader rewrites after every frame
  /// with what it shows (pages, panel, frame times): how tests and `quire bench desktop`
  /// watch the real program without reading its pixels.
  ///
  /// - Throws: `DesktopError` when no window can be opened; what opening the session throws.
  public static func run(
    book: Book, library: Library?, configuration: ReaderController.Configuration,
    showLibrary: Bool = false,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> Ending {
    let started = Stopwatch.now()
    Memory.keepLargeBuffersApart()
    // The first page is shown before the page count is estimated; the count follows a
    // frame later, once the session's opening samples are taken in the background.
    var configuration = configuration
    configuration.sessionOptions.estimatesBeforeFirstPage = false
    configuration.fixedKeys.insert(
      contentsOf: [
        Panel.Row(text: "Close the window", detail: "Quit (always, whatever keys.json says)"),
        Panel.Row(text: "Ctrl+Q", detail: "Quit (always)"),
        Panel.Row(text: "Ctrl+C", detail: "Copy the selection (never quits the window)"),
        Panel.Row(
          text: "Hold on a word, or double-click", detail: "Select it; move on to select more"),
        Panel.Row(text: "Triple-click", detail: "Select the paragraph"),
        Panel.Row(text: "Shift+click", detail: "Extend the selection to there"),
        Panel.Row(text: "Right-click a highlight", detail: "Change its colour, note it, remove it"),
      ], at: 0)
    let preferences = configuration.preferences
    let window = try SDLWindow(
      title: "Quire", width: preferences.windowWidth, height: preferences.windowHeight,
      position: preferences.windowX >= 0 && preferences.windowY >= 0
        ? (preferences.windowX, preferences.windowY) : nil)
    let viewport = DesktopLoop.viewport(of: window)
    // The session opens (the library, the first page's layout) on the pool while this
    // thread sets up the typesetter and renderer for drawing.
    let opening = Task.detached { () -> Result<ReaderController, any Error> in
      do {
        return .success(
          try await ReaderController(
            book: book, library: library, viewport: viewport, configuration: configuration))
      } catch {
        return .failure(error)
      }
    }
    let drawing = try DesktopLoop.Drawing(book: book)
    // While the session opens: the window shows its paper, and the HUD's faces, its
    // hyphenation and the title's line are made ready for the first frame.
    let theme = Theme.named(preferences.theme) ?? .day
    window.clear(theme.background)
    window.present()
    drawing.prepareHUD(for: book, theme: theme, window: window)
    let controller = try Blocking.run { await opening.value }.get()
    let loop = DesktopLoop(
      window: window, controller: controller, book: book, drawing: drawing,
      report: environment["QUIRE_DESKTOP_STATE"].map { StateReport(path: $0, started: started) })
    if case .pixels(let width, let height, _) = viewport {
      loop.laidOutSize = (Int(width), Int(height))
    }
    if showLibrary { loop.perform(.library) }
    return loop.run()
  }
}
