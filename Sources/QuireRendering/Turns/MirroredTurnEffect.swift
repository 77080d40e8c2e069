/// A turn effect run mirrored left to right, for books whose pages turn right to left
/// (`page-progression-direction="rtl"`: vertical Japanese and Chinese, Arabic): the sheet
/// is lifted at the left edge and turns over towards the right, the next page slides in
/// from the left.
///
/// The state is in the mirrored frame (as `TurnGesture` gives it with
/// `rightToLeft`): the wrapped effect makes its left-to-right mesh, and every vertex is
/// mirrored along with its texture point, so the pages themselves read the right way.
public struct MirroredTurnEffect: TurnEffect {
  public let base: any TurnEffect

  /// Mirrors `base`.
  public init(_ base: any TurnEffect) {
    self.base = base
  }

  public func mesh(for state: TurnState) -> TurnMesh {
    var mesh = base.mesh(for: state)
    for layer in mesh.layers.indices {
      for vertex in mesh.layers[layer].vertices.indices {
        mesh.layers[layer].vertices[vertex].x = state.width - mesh.layers[layer].vertices[vertex].x
        mesh.layers[layer].vertices[vertex].u = 1 - mesh.layers[layer].vertices[vertex].u
      }
    }
    return mesh
  }
}

extension TurnMode {
  /// The mode's effect for a book that turns its pages right to left (mirrored) or not.
  public func effect(rightToLeft: Bool) -> any TurnEffect {
    rightToLeft ? MirroredTurnEffect(effect) : effect
  }
}
