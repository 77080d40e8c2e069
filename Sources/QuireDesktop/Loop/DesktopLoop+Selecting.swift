import Foundation
import QuireBook
import QuireRendering
import QuireTypesetting
import QuireUI

extension DesktopLoop {
  /// The button went down on the page: the gesture machine decides between a turn, a tap
  /// and a selection. A press while text is selected ends the selection first and then
  /// taps nothing (it may still drag a turn, or hold or double-click to select anew);
  /// with Shift it moves the selection's end instead.
  func pressPage(x: Double, y: Double, shift: Bool, time: Double) {
    let extending = shift && screen.hasSelection
    var quiet = false
    if screen.hasSelection, !extending {
      settleTurn()
      perform(.clearSelection)
      quiet = true
    }
    menu = nil
    let onText = Blocking.run { [controller] in await controller.isOnText(atX: x, y: y) }
    process(
      gesture.press(
        at: TurnPoint(x: Float(x), y: Float(y)), time: time, onText: onText,
        extending: extending, quiet: quiet))
  }

  /// Selects the `unit` at a point (a hold or a double-click: the word; a triple-click: the
  /// paragraph); moving on with the button down extends by it.
  func select(atX x: Double, y: Double, unit: Selection.Unit) {
    settleTurn()
    menu = nil
    update { await $0.select(atX: x, y: y, unit: unit) }
  }

  /// Moves the selection's end to a point (a drag while selecting, a Shift+click).
  func extendSelection(toX x: Double, y: Double) {
    update { await $0.extendSelection(toX: x, y: y) }
  }

  /// Shows the menu beside the selection, centred on `x` where it fits.
  func showMenu(x: Double) {
    guard screen.hasSelection, screen.panel == nil else { return }
    menuX = x
    menu = layOutMenu(x: x)
    needsDraw = true
  }

  /// A right-click: on a highlight, its passage is selected and the menu offers to change
  /// its colour, write its note or remove it; on the selection, the menu for it.
  func contextMenu(x: Double, y: Double) {
    settleTurn()
    gesture.cancel()
    let point = Point(x: x, y: y)
    if screen.hasSelection, screen.chosenHighlight == nil,
      SelectionMenu.selectionBoxes(on: screen.sides).contains(where: { $0.contains(point) })
    {
      showMenu(x: x)
      return
    }
    update { await $0.chooseHighlight(atX: x, y: y) }
    if screen.chosenHighlight != nil {
      showMenu(x: x)
    } else {
      menu = nil
    }
  }

  /// Keeps the menu with the selection when the screen changes: gone with it or under a
  /// panel, moved when keys moved the selection's end.
  func followSelection() {
    guard menu != nil else { return }
    guard screen.hasSelection, screen.panel == nil else {
      menu = nil
      return
    }
    menu = layOutMenu(x: menuX)
  }

  private func layOutMenu(x: Double) -> SelectionMenu {
    let size = (14 * window.scale)
    return SelectionMenu.laidOut(
      items: SelectionMenu.items(chosen: screen.chosenHighlight),
      chosen: screen.chosenHighlight?.colour,
      selection: SelectionMenu.selectionBoxes(on: screen.sides),
      x: x, window: window.drawableSize, scale: window.scale,
      measure: { [renderer] in renderer.labelWidth($0, size: size) })
  }

  /// The menu's texture, made when the menu or the theme changed.
  func menuTexture(_ menu: SelectionMenu) -> SDLTexture? {
    if let menuLayer, menuLayer.menu == menu, menuLayer.theme == screen.theme {
      return menuLayer.texture
    }
    let picture = menu.picture(theme: screen.theme, scale: window.scale, renderer: renderer)
    guard let texture = window.texture(picture.straightAlpha()) else { return nil }
    menuLayer = (menu, screen.theme, texture)
    return texture
  }
}
