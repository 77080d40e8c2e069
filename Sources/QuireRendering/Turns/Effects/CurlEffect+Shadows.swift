// MARK: - Shadows: on the page below, and of the flap on the sheet

extension CurlEffect {
  /// The soft shadow the rolled sheet casts on the page below, just past its silhouette.
  func underShadow(_ fold: CurlFold, fade: Float, width: Float, height: Float) -> TurnLayer {
    var layer = TurnLayer(role: .underShadow, texture: .none)
    let farthest =
      [(0, 0), (width, 0), (width, height), (0, height)]
      .map { fold.distance($0.0, $0.1) }.max() ?? 0
    let silhouette = fold.projectedDistance(min(farthest, fold.halfCircumference / 2))
    let size = 0.6 * fold.radius + 0.04 * width
    let d = fold.direction
    let along = TurnPoint(x: -d.y, y: d.x)
    let reach = width + height
    func point(_ offset: Float, _ side: Float, _ color: TurnColor) -> TurnVertex {
      color.vertex(
        x: fold.axis.x + d.x * offset + along.x * side * reach,
        y: fold.axis.y + d.y * offset + along.y * side * reach)
    }
    let dark = TurnColor.shadow(shadowOpacity * fade)
    let strip = [
      point(silhouette, -1, dark), point(silhouette, 1, dark),
      point(silhouette + size, 1, .clear), point(silhouette + size, -1, .clear),
    ]
    layer.appendFan(clipToPage(strip, width: width, height: height))
    return layer
  }

  /// A soft skirt of shadow around the flap's free edges, where it lies on the sheet.
  func flapShadow(
    _ outline: [(point: TurnPoint, onFold: Bool)], fold: CurlFold, fade: Float,
    _ state: TurnState
  ) -> TurnLayer {
    var layer = TurnLayer(role: .sheetShadow, texture: .none)
    guard outline.count >= 3, fade > 0 else { return layer }
    let size = 0.5 * fold.radius + 0.015 * state.width
    let dark = TurnColor.shadow(0.32 * fade)
    let count = Float(outline.count)
    let center = TurnPoint(
      x: outline.reduce(0) { $0 + $1.point.x } / count,
      y: outline.reduce(0) { $0 + $1.point.y } / count)
    // Outward unit normal of each free edge (nil on the fold, which is attached).
    var normals: [TurnPoint?] = []
    for index in outline.indices {
      let a = outline[index]
      let b = outline[(index + 1) % outline.count]
      let ex = b.point.x - a.point.x
      let ey = b.point.y - a.point.y
      let length = (ex * ex + ey * ey).squareRoot()
      guard !(a.onFold && b.onFold), length > 1e-3 else {
        normals.append(nil)
        continue
      }
      var n = TurnPoint(x: ey / length, y: -ex / length)
      if (a.point.x - center.x) * n.x + (a.point.y - center.y) * n.y < 0 {
        n = TurnPoint(x: -n.x, y: -n.y)
      }
      normals.append(n)
      layer.appendFan(
        clipToPage(
          [
            dark.vertex(x: a.point.x, y: a.point.y), dark.vertex(x: b.point.x, y: b.point.y),
            TurnColor.clear.vertex(x: b.point.x + n.x * size, y: b.point.y + n.y * size),
            TurnColor.clear.vertex(x: a.point.x + n.x * size, y: a.point.y + n.y * size),
          ], width: state.width, height: state.height))
    }
    // Round the corners between two free edges.
    for index in outline.indices {
      let previous = normals[(index + outline.count - 1) % outline.count]
      guard let n0 = previous, let n1 = normals[index] else { continue }
      let p = outline[index].point
      layer.appendFan(
        clipToPage(
          [
            dark.vertex(x: p.x, y: p.y),
            TurnColor.clear.vertex(x: p.x + n0.x * size, y: p.y + n0.y * size),
            TurnColor.clear.vertex(x: p.x + n1.x * size, y: p.y + n1.y * size),
          ], width: state.width, height: state.height))
    }
    return layer
  }
}
