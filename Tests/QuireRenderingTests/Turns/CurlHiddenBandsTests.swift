import Testing

@testable import QuireRendering

/// The rolled bands facing up are left out where the back lies over them: the frames a
/// reader sees stay the same, and far fewer of the front's pixels are drawn.
@Suite struct CurlHiddenBandsTests {
  static let width = 360
  static let height = 270
  static let from = SyntheticPage.make(number: 5, width: width, height: height)
  static let to = SyntheticPage.make(
    number: 6, width: width, height: height, paper: (236, 240, 250))

  /// Drags from every grip, both ways, from a small lift to past the spine.
  static let states: [TurnState] = TurnGrip.allCases.flatMap { grip in
    stride(from: Float(0.95), through: -0.3, by: -0.25).flatMap { f in
      [TurnDirection.forward, .backward].map { direction in
        let rest = grip.point(width: Float(width), height: Float(height))
        let away = grip.turnedPoint(width: Float(width), height: Float(height))
        let point = TurnPoint(
          x: away.x + (rest.x - away.x) * f + 7, y: away.y + (rest.y - away.y) * f - 11)
        return TurnState(
          input: .drag(grip: grip, point: point), direction: direction, width: Float(width),
          height: Float(height))
      }
    }
  }

  static func frame(_ mesh: TurnMesh) -> RGBAImage {
    var canvas = from
    TurnCompositor.draw(mesh, current: from, target: to, into: &canvas)
    return canvas
  }

  /// Pixels the front's layers cover, drawn alone.
  static func frontPixels(_ mesh: TurnMesh) -> Int {
    var alone = mesh
    alone.layers = mesh.layers(.sheetFront).map { layer in
      var white = layer
      white.texture = .none
      for index in white.vertices.indices { white.vertices[index].a = 1 }
      return white
    }
    var canvas = RGBAImage(width: width, height: height)
    TurnCompositor.draw(alone, current: from, target: to, into: &canvas)
    return stride(from: 3, to: canvas.pixels.count, by: 4).filter { canvas.pixels[$0] != 0 }.count
  }

  @Test func framesLookTheSameWithFewerFrontPixels() {
    var culled = CurlEffect()
    culled.drawsHiddenBands = false
    var whole = CurlEffect()
    whole.drawsHiddenBands = true
    var differing = 0
    var far = 0
    var pixels = 0
    var frontBefore = 0
    var frontAfter = 0
    for state in Self.states {
      let a = Self.frame(culled.mesh(for: state))
      let b = Self.frame(whole.mesh(for: state))
      for index in a.pixels.indices {
        let difference = abs(Int(a.pixels[index]) - Int(b.pixels[index]))
        if difference > 2 { differing += 1 }
        if difference > 8 { far += 1 }
      }
      pixels += Self.width * Self.height
      frontBefore += Self.frontPixels(whole.mesh(for: state))
      frontAfter += Self.frontPixels(culled.mesh(for: state))
    }
    #expect(differing * 20_000 < pixels, "\(differing) channels differ by more than 2")
    // A pixel or two where triangles are cut otherwise (a drag far past the spine).
    #expect(far <= 4, "\(far) channels differ by more than 8")
    #expect(frontAfter * 10 < frontBefore * 9, "front pixels \(frontBefore) → \(frontAfter)")
  }
}
