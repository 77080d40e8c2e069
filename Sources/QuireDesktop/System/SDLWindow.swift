import CSDL2
import Foundation
import QuireBook
import QuireRendering
import QuireTypesetting
import QuireUI

/// Why the window could not be opened.
public struct DesktopError: Error, CustomStringConvertible, Sendable {
  public var description: String
}

/// The one place Quire talks to SDL: a resizable window with a renderer, textures made
/// from page images, triangles drawn with `SDL_RenderGeometry`, and events translated into
/// `WindowEvent`s. Every call comes from the thread that created it.
final class SDLWindow {
  private let window: OpaquePointer
  private let renderer: OpaquePointer
  /// The renderer's name ("opengl", "software"…), for the benchmark's report.
  let rendererName: String
  /// The last key went down with Ctrl or Alt: the text X types for it is dropped.
  private var chordTyped = false

  /// Opens a window `width`×`height` (points) at `position`, or centred.
  init(title: String, width: Int, height: Int, position: (x: Int, y: Int)?) throws(DesktopError) {
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
      throw DesktopError(description: "cannot open a window: \(Self.lastError)")
    }
    let centred = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
    let flags =
      SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
      | SDL_WINDOW_SHOWN.rawValue
    guard
      let window = SDL_CreateWindow(
        title, Int32(position?.x ?? Int(centred)), Int32(position?.y ?? Int(centred)),
        Int32(width), Int32(height), flags)
    else {
      let error = Self.lastError
      SDL_Quit()
      throw DesktopError(description: "cannot open a window: \(error)")
    }
    let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
    // Without a GPU (no /dev/dri) OpenGL could only be Mesa's CPU rasteriser: go straight to
    // software, without loading it.
    let gpu = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri"))?.isEmpty == false
    let named = ProcessInfo.processInfo.environment["SDL_RENDER_DRIVER"] != nil
    var made = gpu || named ? SDL_CreateRenderer(window, -1, accelerated) : nil
    if let gl = made, Self.isSoftwareOpenGL(gl) {
      // OpenGL drawn by the CPU (Mesa's llvmpipe, as under Xvfb or without a GPU driver)
      // is slower than Quire's own compositor and maps 100 MB of LLVM: draw in software.
      SDL_DestroyRenderer(gl)
      made = nil
    }
    if made == nil {
      // The window's own X framebuffer (XShm), not a texture on an OpenGL renderer.
      SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }
    guard
      let renderer = made ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    else {
      let error = Self.lastError
      SDL_DestroyWindow(window)
      SDL_Quit()
      throw DesktopError(description: "cannot draw in the window: \(error)")
    }
    self.window = window
    self.renderer = renderer
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(renderer, &info)
    rendererName = info.name.map { String(cString: $0) } ?? "unknown"
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    SDL_EventState(UInt32(SDL_DROPFILE.rawValue), Int32(SDL_ENABLE))
    SDL_StartTextInput()
  }

  deinit {
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
    SDL_Quit()
  }

  private static var lastError: String { String(cString: SDL_GetError()) }

  /// The format of opaque textures in B, G, R, A bytes: the window's when it has that
  /// layout, else ARGB8888.
  private var opaqueBlueFirstFormat: UInt32 {
    let native = SDL_GetWindowPixelFormat(window)
    return [SDL_PIXELFORMAT_RGB888.rawValue, SDL_PIXELFORMAT_ARGB8888.rawValue].contains(native)
      ? native : SDL_PIXELFORMAT_ARGB8888.rawValue
  }

  /// Whether `renderer` is OpenGL rasterised on the CPU (llvmpipe, softpipe, swrast), unless
  /// `SDL_RENDER_DRIVER` asked for a driver by name.
  private static func isSoftwareOpenGL(_ renderer: OpaquePointer) -> Bool {
    guard ProcessInfo.processInfo.environment["SDL_RENDER_DRIVER"] == nil else { return false }
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(renderer, &info)
    let name = info.name.map { String(cString: $0) } ?? ""
    guard name.hasPrefix("opengl"), let address = SDL_GL_GetProcAddress("glGetString") else {
      return false
    }
    typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
    let getString = unsafeBitCast(address, to: GetString.self)
    guard let text = getString(0x1F01) else { return false }  // GL_RENDERER
    let model = String(cString: text).lowercased()
    return ["llvmpipe", "softpipe", "software rasterizer", "swrast"].contains {
      model.contains($0)
    }
  }

  // MARK: - Size, title, fullscreen

  /// The drawable size in pixels (larger than the window's size on a HiDPI screen).
  var drawableSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &width, &height)
    return (Int(width), Int(height))
  }

  /// The window's size in points (the unit of mouse events).
  var windowSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    return (Int(width), Int(height))
  }

  var position: (x: Int, y: Int) {
    var x: Int32 = 0
    var y: Int32 = 0
    SDL_GetWindowPosition(window, &x, &y)
    return (Int(x), Int(y))
  }

  /// Pixels per point: 2 on a HiDPI screen.
  var scale: Double {
    let points = windowSize
    guard points.width > 0 else { return 1 }
    return max(1, Double(drawableSize.width) / Double(points.width))
  }

  var title: String {
    get { String(cString: SDL_GetWindowTitle(window)) }
    set { SDL_SetWindowTitle(window, newValue) }
  }

  var isFullscreen: Bool {
    SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
  }

  func setFullscreen(_ on: Bool) {
    SDL_SetWindowFullscreen(window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
  }

  // MARK: - Drawing

  /// A texture holding `image` (premultiplied pixels are converted for SDL's blending);
  /// an `opaque` one is copied where it is drawn, not blended.
  func texture(
    _ image: RGBAImage, filter: TurnFilter = .linear, blueFirst: Bool = false,
    opaque: Bool = false
  ) -> SDLTexture? {
    // Bytes R, G, B, A are ABGR8888 in SDL's little-endian words; B, G, R, A are ARGB8888,
    // the X framebuffer's own order, which the software renderer copies without converting.
    // An opaque one takes the window's own format when it is one of those words (RGB888,
    // the X framebuffer's, ignores the alpha byte): SDL then copies it row by row.
    let format =
      blueFirst
      ? (opaque ? opaqueBlueFirstFormat : SDL_PIXELFORMAT_ARGB8888.rawValue)
      : SDL_PIXELFORMAT_ABGR8888.rawValue
    guard
      let texture = SDL_CreateTexture(
        renderer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
        Int32(image.width), Int32(image.height))
    else { return nil }
    image.pixels.withUnsafeBytes { bytes in
      _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(image.width * 4))
    }
    SDL_SetTextureBlendMode(texture, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    SDL_SetTextureScaleMode(texture, filter == .linear ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
    return SDLTexture(texture: texture, width: image.width, height: image.height)
  }

  /// Clears the frame to `color`.
  func clear(_ color: Color) {
    SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, 255)
    SDL_RenderClear(renderer)
  }

  /// Draws `texture` with its top-left corner at (`x`, `y`) pixels, at its own size.
  func draw(_ texture: SDLTexture, x: Int, y: Int) {
    var target = SDL_Rect(
      x: Int32(x), y: Int32(y), w: Int32(texture.width), h: Int32(texture.height))
    SDL_RenderCopy(renderer, texture.texture, nil, &target)
  }

  /// Draws rows `rows` of `texture` at the same rows of the frame (a layer's bands that
  /// hold something, so the transparent rest costs nothing).
  func draw(_ texture: SDLTexture, rows: Range<Int>) {
    guard !rows.isEmpty else { return }
    draw(texture, in: TurnPixelBox(x: 0..<texture.width, y: rows))
  }

  /// Draws the pixels of `box` of `texture` at the same place of the frame.
  func draw(_ texture: SDLTexture, in box: TurnPixelBox) {
    guard !box.isEmpty else { return }
    var source = Self.rect(box)
    var target = source
    SDL_RenderCopy(renderer, texture.texture, &source, &target)
  }

  /// Draws a turn's layer: its triangles, textured by `texture` or coloured alone, moved by
  /// `dx` pixels. Vertex colours are premultiplied in the mesh and straight in SDL.
  func draw(_ layer: TurnLayer, texture: SDLTexture?, dx: Float = 0) {
    guard !layer.indices.isEmpty else { return }
    if let texture {
      SDL_SetTextureScaleMode(
        texture.texture, layer.filter == .linear ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
    }
    let vertices = layer.vertices.map { vertex -> SDL_Vertex in
      let alpha = max(vertex.a, 1e-6)
      func channel(_ value: Float) -> UInt8 {
        UInt8(min(255, max(0, (value / alpha * 255).rounded())))
      }
      return SDL_Vertex(
        position: SDL_FPoint(x: vertex.x + dx, y: vertex.y),
        color: SDL_Color(
          r: channel(vertex.r), g: channel(vertex.g), b: channel(vertex.b),
          a: UInt8(min(255, max(0, (vertex.a * 255).rounded())))),
        tex_coord: SDL_FPoint(x: vertex.u, y: vertex.v))
    }
    // Each triangle with its own three vertices (SDL batches them as they come).
    let triangles = layer.indices.map { vertices[Int($0)] }
    triangles.withUnsafeBufferPointer { buffer in
      _ = SDL_RenderGeometry(
        renderer, texture?.texture, buffer.baseAddress, Int32(buffer.count), nil, 0)
    }
  }

  /// Whether SDL draws with its own software renderer (no OpenGL or Vulkan driver).
  var isSoftware: Bool { rendererName == "software" }

  /// Replaces a texture's pixels with `image` (of the same size), inside `box` alone when
  /// one is given.
  func update(_ texture: SDLTexture, with image: RGBAImage, in box: TurnPixelBox? = nil) {
    image.pixels.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      guard let box else {
        _ = SDL_UpdateTexture(texture.texture, nil, base, Int32(image.width * 4))
        return
      }
      var rect = Self.rect(box)
      _ = SDL_UpdateTexture(
        texture.texture, &rect, base + image.index(x: box.x.lowerBound, y: box.y.lowerBound),
        Int32(image.width * 4))
    }
  }

  /// Replaces the pixels of `box` of a texture with `part`, a picture of the box's size.
  func update(_ texture: SDLTexture, at box: TurnPixelBox, with part: RGBAImage) {
    guard !box.isEmpty, part.width == box.x.count, part.height == box.y.count else { return }
    part.pixels.withUnsafeBytes { bytes in
      var rect = Self.rect(box)
      _ = SDL_UpdateTexture(texture.texture, &rect, bytes.baseAddress, Int32(part.width * 4))
    }
  }

  private static func rect(_ box: TurnPixelBox) -> SDL_Rect {
    SDL_Rect(
      x: Int32(box.x.lowerBound), y: Int32(box.y.lowerBound), w: Int32(box.x.count),
      h: Int32(box.y.count))
  }

  /// Puts `text` on the system clipboard and the primary selection (middle click); the
  /// reason when SDL could not, else nil.
  func copy(_ text: String) -> String? {
    guard SDL_SetClipboardText(text) == 0 else { return String(cString: SDL_GetError()) }
    _ = SDL_SetPrimarySelectionText(text)
    return nil
  }

  /// Shows the frame (waits for vsync where the renderer has it).
  func present() { SDL_RenderPresent(renderer) }

  /// Shows the parts `boxes` of the frame, the rest of the window being as the last frame
  /// left it: on the software renderer, whose frame is the window's own surface, only
  /// those rectangles go to the X server. Elsewhere, or if SDL refuses, all of it does.
  func present(only boxes: [TurnPixelBox]) {
    guard isSoftware else { return present() }
    SDL_RenderFlush(renderer)
    let rects = boxes.filter { !$0.isEmpty }.map(Self.rect)
    guard !rects.isEmpty else { return }
    let refused = rects.withUnsafeBufferPointer {
      SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count)) != 0
    }
    if refused { present() }
  }

  // MARK: - Events

  /// Waits up to `timeout` seconds for events (forever when nil) and returns them all.
  func events(waiting timeout: Double?) -> [WindowEvent] {
    var event = SDL_Event()
    var events: [WindowEvent] = []
    let got: Int32
    if let timeout {
      got =
        timeout <= 0 ? SDL_PollEvent(&event) : SDL_WaitEventTimeout(&event, Int32(timeout * 1000))
    } else {
      got = SDL_WaitEvent(&event)
    }
    guard got != 0 else { return [] }
    repeat {
      if let translated = translate(&event) { events.append(translated) }
    } while SDL_PollEvent(&event) != 0
    return events
  }

  /// Seconds on SDL's clock, which stamps events as they are taken from the X server: the
  /// gesture machine's time, so a press and a move that arrive together are together for it
  /// however late the loop gets to them.
  static var ticks: Double { Double(SDL_GetTicks64()) / 1000 }

  /// Wakes `events(waiting:)` from another thread.
  static func wake() {
    var event = SDL_Event()
    event.type = UInt32(SDL_USEREVENT.rawValue)
    SDL_PushEvent(&event)
  }

  private func translate(_ event: inout SDL_Event) -> WindowEvent? {
    let scale = self.scale
    let time = Double(event.common.timestamp) / 1000
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      return .quit
    case SDL_WINDOWEVENT:
      switch SDL_WindowEventID(UInt32(event.window.event)) {
      case SDL_WINDOWEVENT_SIZE_CHANGED: return .resized
      case SDL_WINDOWEVENT_EXPOSED: return .exposed
      case SDL_WINDOWEVENT_MOVED: return .moved
      default: return nil
      }
    case SDL_KEYDOWN:
      let modifiers = UInt32(event.key.keysym.mod)
      chordTyped = modifiers & UInt32(KMOD_CTRL.rawValue | KMOD_ALT.rawValue) != 0
      return KeyTranslation.chord(event.key.keysym, isRepeat: event.key.repeat != 0).map {
        .key($0, isRepeat: event.key.repeat != 0)
      }
    case SDL_TEXTINPUT:
      // Ctrl or Alt with a key is a chord, already sent with its key; X still types its
      // character ("+" for Ctrl++), which must not act a second time.
      if chordTyped {
        chordTyped = false
        return nil
      }
      let text = withUnsafeBytes(of: event.text.text) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      return text.isEmpty ? nil : .text(text)
    case SDL_MOUSEBUTTONDOWN:
      guard event.button.which != UInt32.max else { return nil }
      let shift = UInt32(SDL_GetModState().rawValue) & UInt32(KMOD_SHIFT.rawValue) != 0
      return .pointerDown(
        x: Double(event.button.x) * scale, y: Double(event.button.y) * scale,
        button: PointerButton(Int32(event.button.button)), shift: shift, time: time)
    case SDL_MOUSEBUTTONUP:
      guard event.button.which != UInt32.max else { return nil }
      return .pointerUp(
        x: Double(event.button.x) * scale, y: Double(event.button.y) * scale,
        button: PointerButton(Int32(event.button.button)), time: time)
    case SDL_MOUSEMOTION:
      guard event.motion.which != UInt32.max else { return nil }
      return .pointerMove(
        x: Double(event.motion.x) * scale, y: Double(event.motion.y) * scale,
        isPressed: event.motion.state & 1 != 0, time: time)
    case SDL_FINGERDOWN, SDL_FINGERUP, SDL_FINGERMOTION:
      let size = drawableSize
      let x = Double(event.tfinger.x) * Double(size.width)
      let y = Double(event.tfinger.y) * Double(size.height)
      switch SDL_EventType(event.type) {
      case SDL_FINGERDOWN:
        return .pointerDown(x: x, y: y, button: .primary, shift: false, time: time)
      case SDL_FINGERUP: return .pointerUp(x: x, y: y, button: .primary, time: time)
      default: return .pointerMove(x: x, y: y, isPressed: true, time: time)
      }
    case SDL_MOUSEWHEEL:
      let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
      let steps = Int(event.wheel.y) * (flipped ? -1 : 1)
      return steps == 0 ? nil : .wheel(steps: steps)
    case SDL_DROPFILE:
      guard let file = event.drop.file else { return nil }
      defer { SDL_free(file) }
      return .dropped(path: String(cString: file))
    case SDL_USEREVENT:
      return .wake
    default:
      return nil
    }
  }
}

/// A texture on the window's renderer.
final class SDLTexture {
  fileprivate let texture: OpaquePointer
  let width: Int
  let height: Int

  fileprivate init(texture: OpaquePointer, width: Int, height: Int) {
    self.texture = texture
    self.width = width
    self.height = height
  }

  deinit { SDL_DestroyTexture(texture) }
}

/// SDL's keys as Quire's `KeyChord`s. Printable keys without Ctrl or Alt arrive as text
/// (`SDL_TEXTINPUT`), so `G` and `?` are what was typed, as in the terminal; everything
/// else is a key with its modifiers.
enum KeyTranslation {
  static func chord(_ keysym: SDL_Keysym, isRepeat: Bool) -> KeyChord? {
    let modifiers = UInt32(keysym.mod)
    let control = modifiers & UInt32(KMOD_CTRL.rawValue) != 0
    let alt = modifiers & UInt32(KMOD_ALT.rawValue) != 0
    let shift = modifiers & UInt32(KMOD_SHIFT.rawValue) != 0
    let code = Int(keysym.sym)
    let key: KeyChord.Key
    switch code {
    case Int(SDLK_UP.rawValue): key = .up
    case Int(SDLK_DOWN.rawValue): key = .down
    case Int(SDLK_LEFT.rawValue): key = .left
    case Int(SDLK_RIGHT.rawValue): key = .right
    case Int(SDLK_PAGEUP.rawValue): key = .pageUp
    case Int(SDLK_PAGEDOWN.rawValue): key = .pageDown
    case Int(SDLK_HOME.rawValue): key = .home
    case Int(SDLK_END.rawValue): key = .end
    case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): key = .enter
    case Int(SDLK_ESCAPE.rawValue): key = .escape
    case Int(SDLK_TAB.rawValue): key = .tab
    case Int(SDLK_BACKSPACE.rawValue): key = .backspace
    case Int(SDLK_DELETE.rawValue): key = .delete
    case Int(SDLK_INSERT.rawValue): key = .insert
    case Int(SDLK_F1.rawValue)...Int(SDLK_F12.rawValue):
      key = .function(code - Int(SDLK_F1.rawValue) + 1)
    case 0x20...0x7E where control || alt:
      // Ctrl+= and Ctrl+- are typed without Shift; Ctrl++ arrives as Ctrl+Shift+=.
      let character = Character(UnicodeScalar(UInt8(code)))
      if shift, character == "=" { return KeyChord(.character("+"), control: control, alt: alt) }
      return KeyChord(.character(character), control: control, alt: alt)
    case Int(SDLK_KP_PLUS.rawValue) where control:
      return KeyChord(.character("+"), control: true, alt: alt)
    case Int(SDLK_KP_MINUS.rawValue) where control:
      return KeyChord(.character("-"), control: true, alt: alt)
    default:
      return nil
    }
    return KeyChord(key, control: control, alt: alt, shift: shift)
  }
}

/// Which pointer button.
enum PointerButton: Equatable {
  case primary, middle, secondary, back, forward, other

  init(_ button: Int32) {
    switch button {
    case Int32(SDL_BUTTON_LEFT): self = .primary
    case Int32(SDL_BUTTON_MIDDLE): self = .middle
    case Int32(SDL_BUTTON_RIGHT): self = .secondary
    case Int32(SDL_BUTTON_X1): self = .back
    case Int32(SDL_BUTTON_X2): self = .forward
    default: self = .other
    }
  }
}

/// What happened in the window, in drawable pixels and seconds.
enum WindowEvent {
  case key(KeyChord, isRepeat: Bool)
  case text(String)
  /// A button went down (`shift`: with Shift held).
  case pointerDown(x: Double, y: Double, button: PointerButton, shift: Bool, time: Double)
  case pointerMove(x: Double, y: Double, isPressed: Bool, time: Double)
  case pointerUp(x: Double, y: Double, button: PointerButton, time: Double)
  case wheel(steps: Int)
  case resized
  case moved
  case exposed
  case dropped(path: String)
  case wake
  case quit

  /// Whether the reader asked for something the next frame answers: a key, a click's
  /// release, a wheel step (a drag's frames are timed as the turn's own).
  var wantsAnswer: Bool {
    switch self {
    case .key, .text, .pointerUp, .wheel: true
    default: false
    }
  }
}
