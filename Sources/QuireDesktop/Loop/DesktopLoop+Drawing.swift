import Foundation
import QuireBook
import QuireRendering
import QuireTypesetting
import QuireUI

extension DesktopLoop {
  /// Draws a frame: the page picture (or the turn's mesh over the two pictures), the HUD
  /// layer, the panel layer; then presents it.
  func draw() {
    let start = Stopwatch.now()
    needsDraw = false
    let size = window.drawableSize
    if let laid = laidOutSize, laid != size, turn == nil {
      // The window changed size without an event (F11 with no window manager).
      resize()
    }
    let theme = screen.theme
    var turning = false
    var shown = false
    if let turn, let state = gesture.turn.state(at: SDLWindow.ticks) {
      turning = true
      let mesh = turn.effect.mesh(for: state)
      if window.isSoftware {
        // SDL's software triangles map large textures wrongly (2.26): Quire's own
        // compositor draws the same mesh instead.
        shown = drawComposited(mesh, turn: turn, width: size.width, height: size.height)
      } else {
        window.clear(theme.background)
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
      // The picture is opaque and the window's size: nothing shows through it.
      if !window.isSoftware { window.clear(theme.background) }
      window.draw(texture, x: 0, y: 0)
    } else {
      window.clear(theme.background)
    }
    if !shown {
      surfaceHoldsTurnFrame = false
      drawLayers(width: size.width, height: size.height)
      window.present()
    }
    let end = Stopwatch.now()
    lastFrame = end
    if let answering {
      report?.recordAnswer(milliseconds: (end - answering) * 1000)
      self.answering = nil
    }
    if let selectionAnswering {
      report?.recordSelectionAnswer(milliseconds: (end - selectionAnswering) * 1000)
      self.selectionAnswering = nil
    }
    writeReport(milliseconds: (end - start) * 1000, turning: turning, at: end)
  }

  /// The HUD, the selection's menu and the panel over what is drawn.
  private func drawLayers(width: Int, height: Int) {
    if let hud = hudTexture(width: width, height: height) {
      for band in hudLayer?.bands ?? [] { window.draw(hud, rows: band) }
    }
    if let menu, screen.panel == nil, let texture = menuTexture(menu) {
      window.draw(texture, x: Int(menu.frame.x), y: Int(menu.frame.y))
    }
    if let panel = screen.panel, let layer = panelTexture(panel, width: width, height: height) {
      window.draw(layer, x: 0, y: 0)
    }
  }

  /// A turn's frame composited on the CPU into one texture, for the software renderer;
  /// true when it also drew the layers and showed the frame.
  ///
  /// Between two frames only the strips of rows around the curl change (the flat page
  /// outside them is the current page in both): `TurnFrameCanvas` redraws those boxes
  /// alone, and only they go to the texture. When the window still shows the turn's last
  /// frame under the same HUD (and no panel), only those boxes are drawn and shown, the
  /// HUD drawn again where its bands cross them; otherwise the whole frame is.
  private func drawComposited(_ mesh: TurnMesh, turn: Turn, width: Int, height: Int) -> Bool {
    if turnCanvas?.width != width || turnCanvas?.height != height {
      turnCanvas = TurnFrameCanvas(width: width, height: height)
    }
    // The pictures are in the framebuffer's byte order (blue first) and the mesh's
    // colours are swapped to match, so the frame goes to the window as it is, without a
    // conversion of every pixel.
    var swapped = mesh
    for layer in swapped.layers.indices {
      for vertex in swapped.layers[layer].vertices.indices {
        let red = swapped.layers[layer].vertices[vertex].r
        swapped.layers[layer].vertices[vertex].r = swapped.layers[layer].vertices[vertex].b
        swapped.layers[layer].vertices[vertex].b = red
      }
    }
    // The frame is drawn on every core, a strip of rows at a time on whichever is free.
    let changed = turnCanvas!.draw(
      swapped, current: turn.fromImage, target: turn.toImage,
      bands: ProcessInfo.processInfo.activeProcessorCount)
    guard let canvas = turnCanvas else { return false }
    let made: Bool
    if let texture = compositeTexture, texture.width == width, texture.height == height {
      for box in changed { window.update(texture, with: canvas.image, in: box) }
      made = false
    } else {
      compositeTexture = window.texture(canvas.image, blueFirst: true, opaque: true)
      made = true
    }
    guard let texture = compositeTexture else { return false }
    let hudKey = hudLayer?.key
    let hud = hudTexture(width: width, height: height)
    let bands = hudLayer?.bands ?? []
    let partial =
      surfaceHoldsTurnFrame && !made && hudLayer?.key == hudKey && screen.panel == nil
    guard partial else {
      window.draw(texture, x: 0, y: 0)
      drawLayers(width: width, height: height)
      window.present()
      surfaceHoldsTurnFrame = screen.panel == nil
      return true
    }
    guard !changed.isEmpty else { return true }
    for box in changed {
      window.draw(texture, in: box)
      // The HUD over the fresh pixels of the box; elsewhere the window still shows it.
      guard let hud else { continue }
      for band in bands {
        window.draw(hud, in: TurnPixelBox(x: box.x, y: box.y.clamped(to: band)))
      }
    }
    window.present(only: changed)
    return true
  }

  /// The picture of the pages shown with the selection, as a texture: made when the
  /// pages changed; when only the selection did, the box where its bands changed is
  /// composited from the pictures held (`SelectionLayer`) and sent alone.
  private func pageTexture(width: Int, height: Int) -> SDLTexture? {
    if screen.sides.isEmpty { return nil }
    let key = PictureKey(sides: screen.sides, theme: screen.theme, width: width, height: height)
    let selection = SelectionLayer.bands(on: screen.sides, renderer: renderer)
    if selection.isEmpty {
      pictures.dropSelected()
      allBands = nil
    }
    if let current, current.key == key {
      if current.selection == selection { return current.texture }
      if turn == nil {
        let base = pictures.picture(
          screen.sides, theme: screen.theme, width: width, height: height, renderer: renderer)
        if let box = SelectionLayer.changedBox(
          from: current.selection, to: selection, width: width, height: height)
        {
          let selected =
            selection.isEmpty
            ? base
            : pictures.selected(
              screen.sides, theme: screen.theme, width: width, height: height,
              renderer: renderer)
          let part = SelectionLayer.composite(
            box, base: base, selected: selected, bands: selection,
            all: bandsOfAll(screen.sides, key: key), theme: screen.theme)
          window.update(current.texture, at: box, with: part)
        }
        self.current = (key, selection, current.texture)
        return current.texture
      }
    }
    let image = shownPicture(
      screen.sides, selection: selection, theme: screen.theme, width: width, height: height)
    // The last picture's texture takes the new one's pixels when no turn holds it (a
    // settings change, a jump): no new window-sized texture to allocate.
    if turn == nil, let old = current?.texture, old.width == image.width,
      old.height == image.height
    {
      window.update(old, with: image)
      current = (key, selection, old)
      return old
    }
    guard
      let texture = window.texture(
        image, blueFirst: pictures.blueFirst, opaque: window.isSoftware)
    else { return nil }
    current = (key, selection, texture)
    return texture
  }

  /// The picture of `sides` as the window shows them: with the selection's bands
  /// `selection` (`SelectionLayer.bands(on:renderer:)`) drawn in.
  func shownPicture(
    _ sides: [PageSide], selection: [Rect], theme: Theme, width: Int, height: Int
  ) -> RGBAImage {
    let base = pictures.picture(
      sides, theme: theme, width: width, height: height, renderer: renderer)
    guard !selection.isEmpty else { return base }
    let selected = pictures.selected(
      sides, theme: theme, width: width, height: height, renderer: renderer)
    let key = PictureKey(sides: sides, theme: theme, width: width, height: height)
    return SelectionLayer.composite(
      base, selected: selected, bands: selection, all: bandsOfAll(sides, key: key),
      theme: theme)
  }

  /// The bands of all the text of `sides`, the pages of `key`: measured once for them.
  private func bandsOfAll(_ sides: [PageSide], key: PictureKey) -> [Rect] {
    if let allBands, allBands.key == key { return allBands.bands }
    let bands = SelectionLayer.allBands(on: sides, renderer: renderer)
    allBands = (key, bands)
    return bands
  }

  /// The HUD as the window shows it now.
  var hud: HUD {
    let status = screen.status
    // The book of the screen: after a book is chosen in the library it is another one.
    let book = screen.book
    var hud = HUD(
      bookTitle: book.metadata.title, author: book.metadata.authors.first ?? "",
      chapterTitle: screen.chapterTitle, pageNumber: status.page, pageCount: status.pageCount,
      isPageCountEstimated: !status.isExact, progression: status.fraction,
      minutesLeftInChapter: status.chapterTimeLeft.map { Int(($0 / 60).rounded()) },
      parts: screen.showsStatus ? .all : [], showsOverlay: overlay || slider != nil,
      fontSize: (12 * window.scale).rounded(), language: book.metadata.language ?? "en")
    hud.isPageCountPending = status.isCountPending
    (hud.heads, hud.textColumn) = Self.runningHeads(screen)
    hud.buttons = [
      .tableOfContents, .search, .bookmarks, .bookmark, .readAloud, .settings, .library,
    ]
    // A chapter the book narrates itself says so before it is played.
    let narrated = screen.sides.first.map {
      screen.book.chapters.indices.contains($0.chapterIndex)
        && screen.book.chapters[$0.chapterIndex].mediaOverlayHref != nil
    }
    hud.buttonLabels[.readAloud] =
      switch screen.readAloud {
      case .stopped: narrated == true ? "Narration" : "Read aloud"
      case .playing: "Pause"
      case .paused: "Resume"
      }
    hud.listening = status.listening
    hud.sliderTarget = slider
    return hud
  }

  /// The running heads over the pages' text blocks, and the text's column for the footer:
  /// over one page the book's title at the left and the chapter at the right; over facing
  /// pages the book's title over the first (in reading order) and the second page's
  /// chapter over it, each at its page's outer edge.
  static func runningHeads(_ screen: ReaderScreen) -> ([HUD.RunningHead], HUD.RunningHead?) {
    guard let first = screen.sides.first, let last = screen.sides.last else { return ([], nil) }
    let left = min(first.textFrame.x, last.textFrame.x)
    let right = max(first.textFrame.maxX, last.textFrame.maxX)
    let column = HUD.RunningHead(text: "", left: left, width: right - left, alignment: .left)
    let title = screen.book.metadata.title
    guard screen.sides.count >= 2 else {
      let block = first.textFrame
      let half = (block.width * 0.48).rounded(.down)
      return (
        [
          HUD.RunningHead(text: title, left: block.x, width: half, alignment: .left),
          HUD.RunningHead(
            text: first.runningHead, left: block.maxX - half, width: half, alignment: .right),
        ], column
      )
    }
    let outerLeft = first.textFrame.x <= last.textFrame.x
    return (
      [
        HUD.RunningHead(
          text: title, left: first.textFrame.x, width: first.textFrame.width,
          alignment: outerLeft ? .left : .right),
        HUD.RunningHead(
          text: last.runningHead, left: last.textFrame.x, width: last.textFrame.width,
          alignment: outerLeft ? .right : .left),
      ], column
    )
  }

  /// The HUD layer (header, footer, progress bar or the overlay, and a message).
  private func hudTexture(width: Int, height: Int) -> SDLTexture? {
    let key = HUDKey(
      hud: hud, message: screen.message, theme: screen.theme, width: width, height: height)
    if let hudLayer, hudLayer.key == key { return hudLayer.texture }
    // The layer is drawn into the canvas kept from the last HUD, cleared where that one
    // drew, and only its bands go to the texture: a new message or page number costs
    // neither a window-sized allocation nor a pass over the transparent rest.
    var canvas: RGBAImage
    if let kept = hudCanvas, kept.width == width, kept.height == height {
      canvas = kept
      hudCanvas = nil
      for band in hudLayer?.bands ?? [] { canvas.clear(rows: band) }
    } else {
      canvas = RGBAImage(width: max(1, width), height: max(1, height))
    }
    let regions = renderer.renderHUD(key.hud, theme: screen.theme, into: &canvas)
    // Over a panel the message is the panel layer's, drawn above it.
    if let message = (screen.panel == nil ? screen.message : nil)
      ?? screen.tooSmall.map({ ScreenMessage(text: $0, isError: true) })
    {
      drawMessage(message, theme: screen.theme, into: &canvas)
    }
    let bands = Self.bands(of: canvas)
    for band in bands {
      canvas.makeStraightAlpha(rows: band)
      // The software renderer blends a layer in the window's byte order fastest.
      if window.isSoftware { canvas.swapRedAndBlue(rows: band) }
    }
    let texture: SDLTexture
    if let old = hudLayer?.texture, old.width == canvas.width, old.height == canvas.height {
      // Rows outside the bands are never drawn: what they hold does not matter.
      for band in bands {
        window.update(old, with: canvas, in: TurnPixelBox(x: 0..<canvas.width, y: band))
      }
      texture = old
    } else {
      guard let made = window.texture(canvas, blueFirst: window.isSoftware) else { return nil }
      texture = made
    }
    hudLayer = (key, texture, regions, bands)
    hudCanvas = canvas
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
    let width = min(Double(canvas.width) - 2 * s, s * 60)
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
      covers: panel.kind == .library ? covers.generation : 0, message: screen.message)
    if let panelLayer, panelLayer.key == key { return panelLayer.texture }
    let painter = DesktopPanelPainter(
      renderer: renderer, fonts: fonts, covers: covers, scale: window.scale)
    var (image, layout) = painter.paint(panel, theme: screen.theme, width: width, height: height)
    // What went wrong (a book from the library that cannot be opened) is said over the
    // panel, where the reader looks, not under it.
    if let message = screen.message { drawMessage(message, theme: screen.theme, into: &image) }
    guard let texture = window.texture(image.straightAlpha()) else { return nil }
    panelLayer = (key, texture, layout)
    return texture
  }

  /// Records a frame and tells the state file what is shown, at most 20 times a second
  /// during a turn's animation.
  private func writeReport(milliseconds: Double, turning: Bool, at time: Double) {
    guard let report else { return }
    report.recordFrame(milliseconds: milliseconds, turning: turning)
    guard !gesture.turn.isAnimating || time - lastReport > 0.05 || pointerUnreported else {
      return
    }
    writeState(at: time)
  }

  /// Tells the state file what is shown and where the pointer was last handled.
  func writeState(at time: Double) {
    guard let report else { return }
    lastReport = time
    pointerUnreported = false
    let size = window.drawableSize
    report.write(
      { snapshot in
        snapshot.title = window.title
        snapshot.overlay = overlay || slider != nil
        snapshot.pointer = pointer
        snapshot.turning = gesture.turn.isTurning
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
        snapshot.menu = (menu?.items ?? []).map { item, frame in
          StateReport.Snapshot.Link(
            text: item.label, target: "menu", x: frame.x, y: frame.y, width: frame.width,
            height: frame.height)
        }
      }, screen: screen)
  }
}
