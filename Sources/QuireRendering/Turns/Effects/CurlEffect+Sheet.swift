import Foundation

// MARK: - The curling sheet: flat front, rolled bands, flat back

extension CurlEffect {
  /// The sheet's layers and the outline of its flat back (the flap), for the flap's shadow.
  struct SheetParts {
    /// The part lying flat, the page's own pixels in place.
    var flat: TurnLayer
    /// The rolled bands facing up.
    var front: TurnLayer
    var back: TurnLayer
    var veil: TurnLayer
    /// The flap's screen outline with, per vertex, whether it lies on the fold line.
    var flapOutline: [(point: TurnPoint, onFold: Bool)]
  }

  /// Cuts the page into bands parallel to the axis and places each band on the cylinder.
  func sheetParts(_ fold: CurlFold, texture: TurnTexture, width: Float, height: Float)
    -> SheetParts
  {
    var parts = SheetParts(
      flat: TurnLayer(role: .sheetFront, texture: texture),
      front: TurnLayer(role: .sheetFront, texture: texture),
      back: TurnLayer(role: .sheetBack, texture: texture, filter: .nearest),
      veil: TurnLayer(role: .sheetBackOverlay, texture: .none), flapOutline: [])
    let page = [
      TurnVertex(x: 0, y: 0, u: 0, v: 0), TurnVertex(x: width, y: 0, u: 1, v: 0),
      TurnVertex(x: width, y: height, u: 1, v: 1), TurnVertex(x: 0, y: height, u: 0, v: 1),
    ]
    func s(_ vertex: TurnVertex) -> Float { fold.distance(vertex.x, vertex.y) }

    // Flat front: untouched texels, so progress 0 is the page itself.
    parts.flat.appendFan(clipToPage(clipPolygon(page) { -s($0) }, width: width, height: height))

    // Rolled bands: each mapped affinely along its chord, shaded by the angle.
    let half = fold.halfCircumference
    let bands = fold.radius > 0.05 ? max(2, curvedBands + curvedBands % 2) : 0
    for band in 0..<bands {
      let s0 = half * Float(band) / Float(bands)
      let s1 = half * Float(band + 1) / Float(bands)
      let piece = clipPolygon(clipPolygon(page) { s($0) - s0 }) { s1 - s($0) }
      guard !piece.isEmpty else { continue }
      let facesUp = band < bands / 2
      let p0 = fold.projectedDistance(s0)
      let p1 = fold.projectedDistance(s1)
      let l0 = shade(angle: s0 / fold.radius)
      let l1 = shade(angle: s1 / fold.radius)
      func placed(_ polygon: [TurnVertex]) -> [(TurnVertex, Float)] {
        polygon.map { vertex -> (TurnVertex, Float) in
          let f = (s(vertex) - s0) / (s1 - s0)
          let shift = p0 + (p1 - p0) * f - s(vertex)
          var moved = vertex
          moved.x += shift * fold.direction.x
          moved.y += shift * fold.direction.y
          return (moved, l0 + (l1 - l0) * f)
        }
      }
      if facesUp {
        // Where the page reaches round the cylinder, the back's band lies over this one
        // and hides it: only the rest is drawn.
        let seen =
          drawsHiddenBands
          ? [piece] : unhidden(piece, fold: fold, page: page, squeeze: (p1 - p0) / (s1 - s0))
        for part in seen {
          parts.front.appendFan(
            clipToPage(placed(part).map { shaded($0, $1) }, width: width, height: height))
        }
      } else {
        appendBack(placed(piece), to: &parts, width: width, height: height)
      }
    }

    // Flat back: mirrored across s = πr/2, lying on top.
    let flap = clipPolygon(page) { s($0) - half }
    guard !flap.isEmpty else { return parts }
    let mirrored = flap.map { vertex -> (TurnVertex, Float) in
      var moved = vertex
      let shift = 2 * (half / 2 - s(vertex))
      moved.x += shift * fold.direction.x
      moved.y += shift * fold.direction.y
      return (moved, 1)
    }
    parts.flapOutline = mirrored.map { vertex, _ in
      (TurnPoint(x: vertex.x, y: vertex.y), abs(s(vertex) - half) < 0.01)
    }
    appendBack(mirrored, to: &parts, width: width, height: height)
    return parts
  }

  /// The parts of a rolled band facing up, `band` (page points), that the back does not
  /// hide: disjoint convex pieces.
  ///
  /// A band at distances s0…s1 is seen at the same place as the back's band at
  /// πr − s1…πr − s0, which lies over it: so a page point at s is hidden where the page
  /// also holds its mirror across s = πr/2, inside the mirrored page. The mirrored page is
  /// taken in by a pixel and a half on the screen (the band is squeezed by `squeeze`
  /// across the fold when placed), so a pixel at its edge is drawn by the band under the
  /// back rather than by neither.
  func unhidden(_ band: [TurnVertex], fold: CurlFold, page: [TurnVertex], squeeze: Float)
    -> [[TurnVertex]]
  {
    guard squeeze > 0.01 else { return [band] }
    let d = fold.direction
    let mirrored = page.map { corner -> TurnPoint in
      let shift = 2 * (fold.halfCircumference / 2 - fold.distance(corner.x, corner.y))
      return TurnPoint(x: corner.x + shift * d.x, y: corner.y + shift * d.y)
    }
    let count = Float(mirrored.count)
    let center = TurnPoint(
      x: mirrored.reduce(0) { $0 + $1.x } / count, y: mirrored.reduce(0) { $0 + $1.y } / count)
    var pieces: [[TurnVertex]] = []
    var rest = band
    for index in mirrored.indices {
      let a = mirrored[index]
      let b = mirrored[(index + 1) % mirrored.count]
      let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      guard length > 1e-3 else { continue }
      var n = TurnPoint(x: (a.y - b.y) / length, y: (b.x - a.x) / length)
      if (center.x - a.x) * n.x + (center.y - a.y) * n.y < 0 { n = TurnPoint(x: -n.x, y: -n.y) }
      // The edge's normal across the fold and along it, and the margin that is 1.5 screen
      // pixels once the band is squeezed across the fold.
      let across = n.x * d.x + n.y * d.y
      let along = -n.x * d.y + n.y * d.x
      let margin = 1.5 * (across * across / (squeeze * squeeze) + along * along).squareRoot()
      func inside(_ vertex: TurnVertex) -> Float {
        (vertex.x - a.x) * n.x + (vertex.y - a.y) * n.y - margin
      }
      pieces.append(clipPolygon(rest) { -inside($0) })
      rest = clipPolygon(rest) { inside($0) }
      if rest.isEmpty { break }
    }
    return pieces.filter { !$0.isEmpty }
  }

  /// Adds a piece of the back: the print (shaded) and the paper veil over it.
  private func appendBack(
    _ placed: [(TurnVertex, Float)], to parts: inout SheetParts, width: Float, height: Float
  ) {
    parts.back.appendFan(clipToPage(placed.map { shaded($0, $1) }, width: width, height: height))
    let veil = placed.map { vertex, level in
      TurnColor(r: paper.r * level, g: paper.g * level, b: paper.b * level, a: backVeil)
        .vertex(x: vertex.x, y: vertex.y)
    }
    parts.veil.appendFan(clipToPage(veil, width: width, height: height))
  }

  private func shaded(_ vertex: TurnVertex, _ level: Float) -> TurnVertex {
    var result = vertex
    result.r = level
    result.g = level
    result.b = level
    return result
  }

  /// Brightness of the sheet at angle θ around the cylinder, light coming from the reader:
  /// the front darkens as it turns away, the back brightens as it comes to face the reader.
  func shade(angle: Float) -> Float {
    let facing = cos(min(Float.pi, max(0, angle)))
    return facing >= 0 ? 0.6 + 0.4 * facing.squareRoot() : 0.68 + 0.32 * (-facing).squareRoot()
  }
}
