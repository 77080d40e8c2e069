/// The next page slides in from the right over the current one, casting a soft shadow.
///
/// Backward, the same film runs in reverse: the current page slides off to the right and
/// uncovers the previous one.
public struct CoverEffect: TurnEffect {
  /// Width of the shadow beside the moving page's edge, as a fraction of the page width.
  public var shadowWidth: Float = 0.06
  /// Opacity of that shadow at the edge.
  public var shadowOpacity: Float = 0.35

  /// Creates the effect.
  public init() {}

  public func mesh(for state: TurnState) -> TurnMesh {
    let forward = state.direction == .forward
    // In the forward film the target moves in over the current page; backward swaps them.
    let moving: TurnTexture = forward ? .target : .current
    let still: TurnTexture = forward ? .current : .target
    let shown = forward ? state.progress : 1 - state.progress
    let edge = (state.width * (1 - shown)).rounded()
    var mesh = TurnMesh(width: state.width, height: state.height)
    var stillLayer = TurnLayer(role: .underPage, texture: still)
    stillLayer.appendRect(x0: 0, y0: 0, x1: state.width, y1: state.height)
    var shadow = TurnLayer(role: .underShadow, texture: .none)
    let fade = min(1, 4 * min(shown, 1 - shown))
    shadow.appendRect(
      x0: edge - shadowWidth * state.width, y0: 0, x1: edge, y1: state.height, left: .clear,
      right: .shadow(shadowOpacity * fade))
    var movingLayer = TurnLayer(role: .sheetFront, texture: moving)
    movingLayer.appendRect(x0: edge, y0: 0, x1: edge + state.width, y1: state.height)
    for var layer in [stillLayer, shadow, movingLayer] {
      clip(&layer, width: state.width, height: state.height)
      if !layer.vertices.isEmpty { mesh.layers.append(layer) }
    }
    return mesh
  }
}
