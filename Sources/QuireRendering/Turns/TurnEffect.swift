/// A page-turn effect as pure geometry: a moment of the turn in, a mesh out.
///
/// Effects never touch pixels: `TurnCompositor` draws their meshes on the CPU and a
/// desktop front end hands the same meshes to `SDL_RenderGeometry`.
public protocol TurnEffect: Sendable {
  /// The mesh for one moment; textures are `.current` and `.target` pages of `state`'s
  /// size. At progress 0 it shows exactly the current page, at 1 exactly the target.
  func mesh(for state: TurnState) -> TurnMesh
}

extension TurnEffect {
  /// The textures of the turning sheet and of the page under it.
  ///
  /// Backward turns are forward turns run in reverse: the previous page is the sheet that
  /// comes back over the current one.
  func sheetTextures(_ direction: TurnDirection) -> (sheet: TurnTexture, under: TurnTexture) {
    direction == .forward ? (.current, .target) : (.target, .current)
  }
}
