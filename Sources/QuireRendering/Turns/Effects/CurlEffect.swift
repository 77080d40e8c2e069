import Foundation

/// The realistic page curl: the sheet wraps around a cylinder whose axis follows the drag.
///
/// Held at a corner the fold runs diagonally, held at an edge it runs parallel to it. The
/// rolled part is shaded darker towards its silhouette, the back shows the print mirrored
/// and faint through a paper-coloured veil (seed 004's reverse layers), the sheet casts a
/// soft shadow on the page below, and the flap lying on the sheet casts one on the sheet.
///
/// The mesh is cut into bands parallel to the axis rather than a fixed grid: one polygon
/// for each flat part and `curvedBands` thin bands for the rolled part, so every band is
/// mapped affinely and no triangle straddles the fold's silhouette (where it would be
/// degenerate), whatever the drag.
public struct CurlEffect: TurnEffect {
  /// Largest cylinder radius, as a fraction of the page width.
  public var maxRadius: Float = 0.07
  /// Where a progress-driven turn holds the page.
  public var progressGrip: TurnGrip = .bottomRight
  /// How far a progress-driven corner rises at mid-turn, as a fraction of the page height.
  public var lift: Float = 0.14
  /// Bands across the rolled half-cylinder (even, so π/2 falls on a band edge).
  public var curvedBands = 24
  /// Colour of the paper veil over the back.
  public var paper: TurnColor = .white
  /// Opacity of that veil: how faint the mirrored print is.
  public var backVeil: Float = 0.82
  /// Opacity of the shadow at the silhouette on the page below.
  public var shadowOpacity: Float = 0.45
  /// Whether the rolled bands facing up are drawn where the back lies over them (only to
  /// show, in tests, that leaving them out changes no pixel one can see).
  var drawsHiddenBands = false

  /// Creates the effect with the default look.
  public init() {}

  /// The fold for a moment of the turn, or `nil` while the sheet lies flat.
  public func fold(for state: TurnState) -> CurlFold? {
    let (grip, dragged): (TurnGrip, TurnPoint)
    switch state.input {
    case .progress:
      grip = progressGrip
      dragged = pathPoint(state.sheetTurn, grip: grip, width: state.width, height: state.height)
    case .drag(let g, let p):
      grip = g
      dragged = p.x.isFinite && p.y.isFinite ? p : g.point(width: state.width, height: state.height)
    }
    let rest = grip.point(width: state.width, height: state.height)
    let away = grip.turnedPoint(width: state.width, height: state.height)
    var d = grip.isCorner ? TurnPoint(x: rest.x - dragged.x, y: rest.y - dragged.y) : grip.normal
    let length = (d.x * d.x + d.y * d.y).squareRoot()
    guard length > 1e-3 else { return nil }
    d = TurnPoint(x: d.x / length, y: d.y / length)
    let pulled = (rest.x - dragged.x) * d.x + (rest.y - dragged.y) * d.y
    guard pulled > 1e-3 else { return nil }
    let left = abs((dragged.x - away.x) * d.x + (dragged.y - away.y) * d.y)
    // The radius shrinks to nothing at both ends so the turn starts and ends continuously:
    // with r = pulled / π the corner sits exactly under the finger.
    let radius = min(maxRadius * state.width, pulled / .pi, left / .pi)
    // The mirror line is half-way between rest and dragged point; the axis lies πr/2 before.
    let back = pulled / 2 + .pi * radius / 2
    var fold = CurlFold(
      axis: TurnPoint(x: rest.x - d.x * back, y: rest.y - d.y * back), direction: d,
      radius: radius)
    // The spine holds the sheet: never lift it, move the axis towards the grip instead.
    let spine = grip.spine(width: state.width, height: state.height)
    let lifted = max(fold.distance(spine.0.x, spine.0.y), fold.distance(spine.1.x, spine.1.y))
    if lifted > 0 {
      fold.axis = TurnPoint(x: fold.axis.x + d.x * lifted, y: fold.axis.y + d.y * lifted)
    }
    return fold
  }

  /// Where a progress-driven turn holds the grip: from rest to its mirror over the spine,
  /// rising towards the page's middle on the way (a hand lifts a corner, it doesn't slide it).
  func pathPoint(_ t: Float, grip: TurnGrip, width: Float, height: Float) -> TurnPoint {
    let rest = grip.point(width: width, height: height)
    let away = grip.turnedPoint(width: width, height: height)
    let x = rest.x + (away.x - rest.x) * t
    var y = rest.y + (away.y - rest.y) * t
    if grip.isCorner {
      let rise = lift * height * sin(.pi * t)
      y += rest.y > height / 2 ? -rise : rise
    }
    return TurnPoint(x: x, y: y)
  }

  public func mesh(for state: TurnState) -> TurnMesh {
    let (sheet, under) = sheetTextures(state.direction)
    var mesh = TurnMesh(width: state.width, height: state.height)
    guard let fold = fold(for: state) else {
      var front = TurnLayer(role: .sheetFront, texture: sheet)
      front.appendRect(x0: 0, y0: 0, x1: state.width, y1: state.height)
      mesh.layers = [front]
      return mesh
    }
    // Only where the sheet has lifted: the flat front hides the rest (pages are opaque).
    var below = TurnLayer(role: .underPage, texture: under)
    let page = [
      TurnVertex(x: 0, y: 0, u: 0, v: 0), TurnVertex(x: state.width, y: 0, u: 1, v: 0),
      TurnVertex(x: state.width, y: state.height, u: 1, v: 1),
      TurnVertex(x: 0, y: state.height, u: 0, v: 1),
    ]
    below.appendFan(clipPolygon(page) { fold.distance($0.x, $0.y) })
    let parts = sheetParts(fold, texture: sheet, width: state.width, height: state.height)
    let fade = min(1, 6 * (1 - state.sheetTurn), 6 * state.sheetTurn)
    // The flat part first: it overlaps nothing drawn before it, so a canvas set to the
    // current page already holds it (`TurnFrameCanvas` does not draw it again).
    mesh.layers = [
      parts.flat, below, underShadow(fold, fade: fade, width: state.width, height: state.height),
    ]
    mesh.layers += [parts.front, flapShadow(parts.flapOutline, fold: fold, fade: fade, state)]
    mesh.layers += [parts.back, parts.veil]
    mesh.layers.removeAll { $0.indices.isEmpty }
    return mesh
  }
}

extension TurnGrip {
  /// The outward normal of an edge grip (the way its edge is pulled back across the page).
  var normal: TurnPoint {
    switch self {
    case .top, .topLeft, .topRight: TurnPoint(x: 0, y: -1)
    case .bottom, .bottomLeft, .bottomRight: TurnPoint(x: 0, y: 1)
    case .left: TurnPoint(x: -1, y: 0)
    case .right: TurnPoint(x: 1, y: 0)
    }
  }

  /// The two ends of the bound edge the sheet turns about.
  func spine(width: Float, height: Float) -> (TurnPoint, TurnPoint) {
    switch self {
    case .topRight, .right, .bottomRight:
      (TurnPoint(x: 0, y: 0), TurnPoint(x: 0, y: height))
    case .topLeft, .left, .bottomLeft:
      (TurnPoint(x: width, y: 0), TurnPoint(x: width, y: height))
    case .top: (TurnPoint(x: 0, y: height), TurnPoint(x: width, y: height))
    case .bottom: (TurnPoint(x: 0, y: 0), TurnPoint(x: width, y: 0))
    }
  }
}
