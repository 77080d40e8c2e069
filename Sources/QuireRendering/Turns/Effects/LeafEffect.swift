/// Leaves' horizontal turn (seed 004): a straight vertical fold driven by the leaf edge.
///
/// `leafEdge` runs from 1 (page flat) to 0 (turned away); the fold sits at `leafEdge · W`.
/// The layers are Leaves' own, bottom to top: the bottom page and its shadow beside the
/// fold; the top page (left of the fold), darkening as it turns, with the shadow the
/// reverse casts on it; the reverse — the top page mirrored about the fold — under a
/// paper-coloured veil, with shading towards the fold.
public struct LeafEffect: TurnEffect {
  /// Leaves' gradient widths and opacities, its 40 and 50 points scaled from a 320-point page.
  public var shadowWidth: Float = 40.0 / 320
  public var shadingWidth: Float = 50.0 / 320
  public var shadowOpacity: Float = 0.6
  public var overlayOpacity: Float = 0.2
  /// The reverse's veil (Leaves: white at 0.8).
  public var paper: TurnColor = .white
  public var backVeil: Float = 0.8

  /// Creates the effect with Leaves' look.
  public init() {}

  public func mesh(for state: TurnState) -> TurnMesh {
    let (sheet, under) = sheetTextures(state.direction)
    let w = state.width
    let h = state.height
    let leafEdge = 1 - state.sheetTurn
    // Whole pixels: the mirror about the fold then maps texels onto pixels exactly.
    let fold = (leafEdge * w).rounded()
    let reverse = 2 * fold - w
    // Leaves' setLeafEdge: shadows fade in as the leaf leaves either end.
    let topFade = min(1, 4 * (1 - leafEdge))
    let bottomFade = min(1, 4 * leafEdge)
    var layers: [TurnLayer] = []
    func add(_ role: TurnLayerRole, _ texture: TurnTexture, _ build: (inout TurnLayer) -> Void) {
      var layer = TurnLayer(role: role, texture: texture)
      build(&layer)
      clip(&layer, width: w, height: h)
      if !layer.indices.isEmpty { layers.append(layer) }
    }
    // The bottom page shows only right of the fold (the pages are opaque).
    add(.underPage, under) { $0.appendRect(x0: fold, y0: 0, x1: w, y1: h, u0: fold / w) }
    add(.underShadow, .none) {
      $0.appendRect(
        x0: fold, y0: 0, x1: fold + shadowWidth * w, y1: h,
        left: .shadow(shadowOpacity * bottomFade), right: .clear)
    }
    // Leaves' topPageOverlay (black, fading in) is folded into the top page's colour:
    // the same pixels as a separate layer, one pass fewer.
    let overlay = TurnColor.shade(1 - overlayOpacity * topFade)
    add(.sheetFront, sheet) {
      $0.appendRect(x0: 0, y0: 0, x1: fold, y1: h, u1: fold / w, left: overlay, right: overlay)
    }
    add(.sheetShadow, .none) {
      $0.appendRect(
        x0: max(0, reverse - shadowWidth * w), y0: 0, x1: min(fold, max(0, reverse)), y1: h,
        left: .clear, right: .shadow(shadowOpacity * topFade))
    }
    let left = max(0, reverse)
    // The reverse shows the strip right of the fold, mirrored: x ↦ u = (2·fold − x) / W.
    add(.sheetBack, sheet) {
      $0.appendRect(x0: left, y0: 0, x1: fold, y1: h, u0: (2 * fold - left) / w, u1: fold / w)
    }
    let veil = TurnColor(r: paper.r, g: paper.g, b: paper.b, a: backVeil)
    add(.sheetBackOverlay, .none) {
      $0.appendRect(x0: left, y0: 0, x1: fold, y1: h, left: veil, right: veil)
    }
    add(.sheetBackShading, .none) {
      $0.appendRect(
        x0: max(left, fold - shadingWidth * w), y0: 0, x1: fold, y1: h, left: .clear,
        right: .shadow(shadowOpacity))
    }
    layers.removeAll { layer in layer.texture == .none && layer.vertices.allSatisfy { $0.a == 0 } }
    return TurnMesh(width: w, height: h, layers: layers)
  }
}
