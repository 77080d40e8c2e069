/// Sutherland–Hodgman clipping of convex polygons of `TurnVertex`, every attribute
/// interpolated along the cut edges.

extension TurnVertex {
  /// The vertex a fraction `t` of the way to `other`, every attribute interpolated.
  func mix(_ other: TurnVertex, _ t: Float) -> TurnVertex {
    func lerp(_ a: Float, _ b: Float) -> Float { a + (b - a) * t }
    return TurnVertex(
      x: lerp(x, other.x), y: lerp(y, other.y), r: lerp(r, other.r), g: lerp(g, other.g),
      b: lerp(b, other.b), a: lerp(a, other.a), u: lerp(u, other.u), v: lerp(v, other.v))
  }
}

/// Keeps the part of a convex polygon where `distance(vertex) >= 0`.
func clipPolygon(_ polygon: [TurnVertex], keeping distance: (TurnVertex) -> Float)
  -> [TurnVertex]
{
  guard polygon.count >= 3 else { return [] }
  var result: [TurnVertex] = []
  result.reserveCapacity(polygon.count + 2)
  var previous = polygon[polygon.count - 1]
  var previousDistance = distance(previous)
  for vertex in polygon {
    let d = distance(vertex)
    if (d >= 0) != (previousDistance >= 0) {
      let t = previousDistance / (previousDistance - d)
      result.append(previous.mix(vertex, t))
    }
    if d >= 0 { result.append(vertex) }
    previous = vertex
    previousDistance = d
  }
  return result.count >= 3 ? result : []
}

/// Clips a polygon to the page rectangle 0…width × 0…height (by screen position).
func clipToPage(_ polygon: [TurnVertex], width: Float, height: Float) -> [TurnVertex] {
  var result = clipPolygon(polygon) { $0.x }
  result = clipPolygon(result) { width - $0.x }
  result = clipPolygon(result) { $0.y }
  return clipPolygon(result) { height - $0.y }
}

/// Clips every triangle of a layer to the page rectangle, dropping what falls outside.
func clip(_ layer: inout TurnLayer, width: Float, height: Float) {
  let inside = layer.vertices.allSatisfy {
    $0.x >= 0 && $0.x <= width && $0.y >= 0 && $0.y <= height
  }
  if inside { return }
  var clipped = TurnLayer(role: layer.role, texture: layer.texture)
  for start in stride(from: 0, to: layer.indices.count - 2, by: 3) {
    let triangle = (0..<3).map { layer.vertices[Int(layer.indices[start + $0])] }
    clipped.appendFan(clipToPage(triangle, width: width, height: height))
  }
  layer = clipped
}
