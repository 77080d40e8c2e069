/// 平移 and 滚动: the two pages move together, side by side or stacked, like a strip.
///
/// Offsets are rounded to whole pixels so text stays sharp while it moves.
public struct SlideEffect: TurnEffect {
  /// Which way the strip of pages moves.
  public enum Axis: Sendable, Equatable {
    /// Pages side by side (slide).
    case horizontal
    /// Pages stacked top to bottom (continuous scroll).
    case vertical
  }

  public var axis: Axis

  /// Creates the effect.
  public init(axis: Axis) {
    self.axis = axis
  }

  public func mesh(for state: TurnState) -> TurnMesh {
    let (sheet, under) = sheetTextures(state.direction)
    let extent = axis == .horizontal ? state.width : state.height
    // The sheet moves away by its turned fraction; the page under it follows at its edge.
    let offset = -(state.sheetTurn * extent).rounded()
    var mesh = TurnMesh(width: state.width, height: state.height)
    for (texture, shift) in [(sheet, offset), (under, offset + extent)] {
      var layer = TurnLayer(role: texture == sheet ? .sheetFront : .underPage, texture: texture)
      if axis == .horizontal {
        layer.appendRect(
          x0: shift, y0: 0, x1: shift + state.width, y1: state.height)
      } else {
        layer.appendRect(x0: 0, y0: shift, x1: state.width, y1: shift + state.height)
      }
      clip(&layer, width: state.width, height: state.height)
      if !layer.vertices.isEmpty { mesh.layers.append(layer) }
    }
    return mesh
  }
}
