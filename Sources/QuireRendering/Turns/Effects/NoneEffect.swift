/// No animation: the current page until half-way, then the target page.
public struct NoneEffect: TurnEffect {
  /// Creates the effect.
  public init() {}

  public func mesh(for state: TurnState) -> TurnMesh {
    var layer = TurnLayer(
      role: .underPage, texture: state.progress < 0.5 ? .current : .target)
    layer.appendRect(x0: 0, y0: 0, x1: state.width, y1: state.height)
    return TurnMesh(width: state.width, height: state.height, layers: [layer])
  }
}
