import Testing

@testable import QuireRendering

/// The curl's geometry: mirrored back, flat front untouched, and sound triangles for any
/// drag from any corner or edge.
@Suite struct CurlGeometryTests {
  static let width: Float = 300
  static let height: Float = 400

  /// Drag points on a grid reaching well outside the page, from every grip, both ways.
  static let sweep: [TurnState] = TurnGrip.allCases.flatMap { grip in
    stride(from: Float(-1.2), through: 2.2, by: 0.17).flatMap { fx in
      stride(from: Float(-0.4), through: 1.4, by: 0.19).flatMap { fy in
        [TurnDirection.forward, .backward].map { direction in
          TurnState(
            input: .drag(grip: grip, point: TurnPoint(x: fx * width, y: fy * height)),
            direction: direction, width: width, height: height)
        }
      }
    }
  }

  @Test func flatBackIsTheFrontMirroredAcrossTheFold() throws {
    let curl = CurlEffect()
    var checked = 0
    var misplaced = 0
    for state in Self.sweep {
      guard let fold = curl.fold(for: state) else { continue }
      let mesh = curl.mesh(for: state)
      for layer in mesh.layers(.sheetBack) {
        for vertex in layer.vertices {
          let tx = vertex.u * Self.width
          let ty = vertex.v * Self.height
          let s = fold.distance(tx, ty)
          guard s > fold.halfCircumference + 0.01 else { continue }
          // Mirror the texture point across the line s = πr/2.
          let shift = 2 * (fold.halfCircumference / 2 - s)
          if abs(vertex.x - (tx + shift * fold.direction.x)) > 0.05
            || abs(vertex.y - (ty + shift * fold.direction.y)) > 0.05
          {
            misplaced += 1
          }
          checked += 1
        }
      }
    }
    #expect(misplaced == 0)
    #expect(checked > 1000)
  }

  @Test func flatFrontKeepsItsTexturePlace() {
    let curl = CurlEffect()
    var moved = 0
    for state in Self.sweep {
      guard let fold = curl.fold(for: state) else { continue }
      for layer in curl.mesh(for: state).layers(.sheetFront) {
        for vertex in layer.vertices
        where fold.distance(vertex.u * Self.width, vertex.v * Self.height) < -0.01 {
          if abs(vertex.x - vertex.u * Self.width) > 0.05
            || abs(vertex.y - vertex.v * Self.height) > 0.05
          {
            moved += 1
          }
        }
      }
    }
    #expect(moved == 0)
  }

  @Test func noNaNOrDegenerateOrAccidentallyInvertedTriangles() {
    var triangles = 0
    var backTriangles = 0
    var problems: [String] = []
    for state in Self.sweep {
      for mode in TurnMode.allCases {
        let mesh =
          mode == .curl
          ? mode.effect.mesh(for: state)
          : mode.effect.mesh(for: .progress(state.sheetTurn, width: 300, height: 400))
        for layer in mesh.layers {
          if layer.indices.count % 3 != 0 { problems.append("\(mode): stray indices") }
          for start in stride(from: 0, to: layer.indices.count, by: 3) {
            let v = (0..<3).map { layer.vertices[Int(layer.indices[start + $0])] }
            for vertex in v {
              let values = [vertex.x, vertex.y, vertex.u, vertex.v, vertex.r, vertex.a]
              if !values.allSatisfy({ $0.isFinite }) { problems.append("NaN: \(mode) \(state)") }
              if !(-0.001...1.001).contains(vertex.u) || !(-0.001...1.001).contains(vertex.v)
                || !(0...1).contains(vertex.a)
              {
                problems.append("out of range: \(mode) \(vertex)")
              }
            }
            let screen = area(v[0].x, v[0].y, v[1].x, v[1].y, v[2].x, v[2].y)
            if abs(screen) < 0.02 { problems.append("zero area: \(mode) \(layer.role) \(state)") }
            triangles += 1
            guard layer.texture != .none else { continue }
            let texture = area(v[0].u, v[0].v, v[1].u, v[1].v, v[2].u, v[2].v)
            // The back is mirrored on purpose; everything else keeps its orientation.
            if layer.role == .sheetBack {
              backTriangles += 1
              if screen * texture >= 0 { problems.append("back not mirrored: \(mode) \(state)") }
            } else if screen * texture <= 0 {
              problems.append("inverted: \(mode) \(layer.role) \(state)")
            }
          }
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.prefix(3))")
    #expect(triangles > 10_000)
    #expect(backTriangles > 1000)
  }

  /// Twice the signed area of a triangle.
  func area(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float)
    -> Float
  {
    (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
  }

  @Test func cornerGripLandsUnderTheFinger() throws {
    let curl = CurlEffect()
    let point = TurnPoint(x: 120, y: 330)
    let state = TurnState(
      input: .drag(grip: .bottomRight, point: point), width: Self.width, height: Self.height)
    let fold = try #require(curl.fold(for: state))
    let corner = fold.place(Self.width, Self.height)
    #expect(abs(corner.x - point.x) < 0.5 && abs(corner.y - point.y) < 0.5)
  }

  @Test func spineNeverLifts() {
    let curl = CurlEffect()
    for state in Self.sweep {
      guard let fold = curl.fold(for: state), case .drag(let grip, _) = state.input else {
        continue
      }
      let spine = grip.spine(width: Self.width, height: Self.height)
      #expect(fold.distance(spine.0.x, spine.0.y) <= 0.01)
      #expect(fold.distance(spine.1.x, spine.1.y) <= 0.01)
    }
  }
}
