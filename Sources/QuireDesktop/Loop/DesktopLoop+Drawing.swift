import Foundation
import QuireBook
import QuireRendering
import QuireTypesetting
import QuireUI

extension DesktopLoop {
  /// Draws a frame: the page picture (or the turn's mesh over the two pictures), the HUD
  /// layer, the panel layer; then presents it.
  func draw() {
    let start = Self.now
    needsDraw = false
    let size = window.drawableSize
    let theme = screen.theme
    window.clear(theme.background)
    var turning = false
    if let turn, let state = gesture.state(at: start) {
      turning = true
      let mesh = turn.effect.mesh(for: state)
      if window.isSoftware {
        // SDL's software triangles map large textures wrongly (2.26): Quire's own
        // compositor draws the same mesh instead.
        drawComposited(mesh, turn: turn, width: size.width, height: size.height)
      } else {
        for layer in mesh.layers {
          let texture: SDLTexture? =
            switch layer.texture {
            case .current: turn.from
            case .target: turn.to
            case .none: nil
            }
          window.draw(layer, texture: texture)
        }
      }
    } else if let texture = pageTexture(width: size.width, height: size.height) {
      window.draw(texture, x: 0, y: 0)
    }
    if let hud = hudTexture(width: size.width, height: size.height) {
      for band in hudLayer?.bands ?? [] { window.draw(hud, rows: band) }
    }
    if let panel = screen.panel,
      let layer = panelTexture(panel, width: size.width, height: size.height)
    {
      window.draw(layer, x: 0, y: 0)
    }
    window.present()
    let end = Self.now
    lastFrame = end
    writeReport(milliseconds: (end - start) * 1000, turning: turning, at: end)
  }

  /// `image` with red and blue swapped: the X framebuffer's byte order.
  static func blueFirst(_ image: RGBAImage) -> RGBAImage {
    var result = image
    result.pixels.withUnsafeMutableBytes { bytes in
      let words = bytes.bindMemory(to: UInt32.self)
      for index in words.indices {
        let word = words[index]
        words[index] = (word & 0xFF00_FF00) | ((word & 0xFF) << 16) | ((word >> 16) & 0xFF)
      }
    }
    return result
  }

  /// A turn's frame composited on the CPU into one texture, for the software renderer.
  private func drawComposited(_ mesh: TurnMesh, turn: Turn, width: Int, height: Int) {
    if compositeFrame?.width != width || compositeFrame?.height != height {
      compositeFrame = RGBAImage(width: width, height: height)
    }
    var frame = compositeFrame!
    compositeFrame = nil
    // Every effect covers the whole page with its layers, so the last frame needs no
    // clearing; the frame is drawn on every core, a band of rows each.
    // The pages were turned into the framebuffer's byte order (blue first) when the turn
    // began, and the mesh's colours are swapped to match, so the frame goes to the window
    // as it is, without a conversion of every pixel.
    var swapped = mesh
    for layer in swapped.layers.indices {
      for vertex in swapped.layers[layer].vertices.indices {
        let red = swapped.layers[layer].vertices[vertex].r
        swapped.layers[layer].vertices[vertex].r = swapped.layers[layer].vertices[vertex].b
        swapped.layers[layer].vertices[vertex].b = red
      }
    }
    TurnCompositor.draw(
      swapped, current: turn.fromBlueFirst ?? turn.fromImage,
      target: turn.toBlueFirst ?? turn.toImage, into: &frame,
      bands: ProcessInfo.processInfo.activeProcessorCount)
    if let texture = compositeTexture, texture.width == frame.width, texture.height == frame.height
    {
      window.update(texture, with: frame)
    } else {
      compositeTexture = window.texture(frame, blueFirst: true)
    }
    compositeFrame = frame
    if let texture = compositeTexture { window.draw(texture, x: 0, y: 0) }
  }

  /// The picture of the pages shown, as a texture (made when the pages changed).
  private func pageTexture(width: Int, height: Int) -> SDLTexture? {
    if screen.sides.isEmpty { return nil }
    let key = PictureKey(sides: screen.sides, theme: screen.theme, width: width, height: height)
    if let current, current.key == key { return current.texture }
    let image = pictures.picture(
      screen.sides, theme: screen.theme, width: width, height: height, renderer: renderer)
    guard let texture = window.texture(image) else { return nil }
    current = (key, texture)
    return texture
  }

  /// The HUD as the window shows it now.
  var hud: HUD {
    let status = screen.status
    var hud = HUD(
      bookTitle: book.metadata.title, author: book.metadata.authors.first ?? "",
      chapterTitle: screen.chapterTitle, pageNumber: status.page, pageCount: status.pageCount,
      isPageCountEstimated: !status.isExact, progression: status.fraction,
      minutesLeftInChapter: status.chapterTimeLeft.map { Int(($0 / 60).rounded()) },
      parts: screen.showsStatus ? .all : [], showsOverlay: overlay || slider != nil,
      fontSize: (12 * window.scale).rounded(), language: book.metadata.language ?? "en")
    hud.buttons = [.tableOfContents, .search, .bookmarks, .bookmark, .settings, .library]
    hud.sliderTarget = slider
    return hud
  }

  /// The HUD layer (header, footer, progress bar or the overlay, and a message).
  private func hudTexture(width: Int, height: Int) -> SDLTexture? {
    let key = HUDKey(
      hud: hud, message: screen.message, theme: screen.theme, width: width, height: height)
    if let hudLayer, hudLayer.key == key { return hudLayer.texture }
    var rendered = renderer.renderHUD(key.hud, width: width, height: height, theme: screen.theme)
    if let message = screen.message
      ?? screen.tooSmall.map({ ScreenMessage(text: $0, isError: true) })
    {
      drawMessage(message, theme: screen.theme, into: &rendered.image)
    }
    guard let texture = window.texture(rendered.image.straightAlpha()) else { return nil }
    hudLayer = (key, texture, rendered.hudRegions, Self.bands(of: rendered.image))
    return texture
  }

  /// The runs of rows of a layer that hold anything (alpha above zero), so only those are
  /// drawn each frame: the header and footer, not the transparent page between them.
  static func bands(of image: RGBAImage) -> [Range<Int>] {
    var bands: [Range<Int>] = []
    var start: Int?
    image.pixels.withUnsafeBufferPointer { pixels in
      for y in 0..<image.height {
        var used = false
        var index = y * image.width * 4 + 3
        for _ in 0..<image.width {
          if pixels[index] != 0 {
            used = true
            break
          }
          index += 4
        }
        if used, start == nil { start = y }
        if !used, let first = start {
          bands.append(first..<y)
          start = nil
        }
      }
    }
    if let first = start { bands.append(first..<image.height) }
    return bands
  }

  /// A message in a rounded box above the footer.
  private func drawMessage(_ message: ScreenMessage, theme: Theme, into canvas: inout RGBAImage) {
    let s = 14 * window.scale
    let width = min(Double(canvas.width) - 2 * s, s * 40)
    let box = Rect(
      x: ((Double(canvas.width) - width) / 2).rounded(),
      y: (Double(canvas.height) - s * 6.5).rounded(),
      width: width.rounded(), height: (s * 2.4).rounded())
    var fill = message.isError ? Color(red: 0x9B, green: 0x2C, blue: 0x2C) : theme.panel
    fill.alpha = 245
    canvas.fillRoundedRect(box, radius: 8 * window.scale, color: fill)
    renderer.drawLabel(
      message.text, in: Rect(x: box.x + s, y: box.y, width: box.width - 2 * s, height: box.height),
      size: s, color: message.isError ? Color(red: 255, green: 255, blue: 255) : theme.panelText,
      alignment: .center, into: &canvas)
  }

  /// The panel layer, drawn when the panel changed.
  private func panelTexture(_ panel: Panel, width: Int, height: Int) -> SDLTexture? {
    let key = PanelKey(
      panel: panel, theme: screen.theme, width: width, height: height,
      covers: panel.kind == .library ? covers.generation : 0)
    if let panelLayer, panelLayer.key == key { return panelLayer.texture }
    let painter = PanelPainter(
      renderer: renderer, fonts: fonts, covers: covers, scale: window.scale)
    let (image, layout) = painter.paint(panel, theme: screen.theme, width: width, height: height)
    guard let texture = window.texture(image.straightAlpha()) else { return nil }
    panelLayer = (key, texture, layout)
    return texture
  }

  /// Tells the state file what is shown, at most 20 times a second during a turn.
  private func writeReport(milliseconds: Double, turning: Bool, at time: Double) {
    guard let report else { return }
    report.recordFrame(milliseconds: milliseconds, turning: turning)
    guard !gesture.isAnimating || time - lastReport > 0.05 else { return }
    lastReport = time
    let size = window.drawableSize
    report.write(
      { snapshot in
        snapshot.title = window.title
        snapshot.overlay = overlay || slider != nil
        snapshot.turning = gesture.isTurning
        snapshot.turnsCompleted = turnsCompleted
        snapshot.turnsCancelled = turnsCancelled
        snapshot.width = size.width
        snapshot.height = size.height
        snapshot.fullscreen = window.isFullscreen
        snapshot.renderer = window.rendererName
        snapshot.picturesRenderedAhead = pictures.renderedAhead
        snapshot.controls = (hudLayer?.regions ?? []).map {
          StateReport.Snapshot.Link(
            text: "\($0.kind)", target: "hud", x: $0.frame.x, y: $0.frame.y,
            width: $0.frame.width, height: $0.frame.height)
        }
      }, screen: screen)
  }
}
