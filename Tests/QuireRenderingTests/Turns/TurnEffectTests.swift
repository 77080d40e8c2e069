import Testing

@testable import QuireRendering

/// Every effect starts on the current page and ends on the target, exactly, both ways.
@Suite struct TurnEffectTests {
  static let current = SyntheticPage.make(number: 4, width: 120, height: 160)
  static let target = SyntheticPage.make(
    number: 5, width: 120, height: 160, paper: (230, 240, 250))

  static let cases: [(TurnMode, TurnDirection)] = TurnMode.allCases.flatMap { mode in
    [(mode, TurnDirection.forward), (mode, .backward)]
  }

  @Test(arguments: cases)
  func progressZeroShowsTheCurrentPageExactly(mode: TurnMode, direction: TurnDirection) {
    let frame = TurnAnimation.frame(
      from: Self.current, to: Self.target, effect: mode.effect, direction: direction,
      progress: 0)
    let same = frame == Self.current
    #expect(same)
  }

  @Test(arguments: cases)
  func progressOneShowsTheTargetPageExactly(mode: TurnMode, direction: TurnDirection) {
    let frame = TurnAnimation.frame(
      from: Self.current, to: Self.target, effect: mode.effect, direction: direction,
      progress: 1)
    let same = frame == Self.target
    #expect(same)
  }

  @Test(arguments: TurnMode.allCases)
  func progressZeroMeshCoversThePageWithTheCurrentTexture(mode: TurnMode) {
    let mesh = mode.effect.mesh(for: .progress(0, width: 120, height: 160))
    let top = mesh.layers.last { $0.texture != .none }
    #expect(top?.texture == .current)
    let area = top.map { coveredArea($0) } ?? 0
    #expect(abs(area - 120 * 160) < 0.5)
  }

  @Test(arguments: [TurnMode.curl, .leaf, .slide, .cover, .scroll])
  func midTurnShowsBothPages(mode: TurnMode) {
    let mesh = mode.effect.mesh(for: .progress(0.5, width: 120, height: 160))
    #expect(mesh.layers.contains { $0.texture == .current })
    #expect(mesh.layers.contains { $0.texture == .target })
  }

  @Test func backwardIsForwardReversedWithPagesSwapped() {
    for mode in TurnMode.allCases {
      // (Not 0.5: `none` switches pages exactly there, so the two sides differ.)
      for progress: Float in [0.2, 0.45, 0.9] {
        let backward = TurnAnimation.frame(
          from: Self.current, to: Self.target, effect: mode.effect, direction: .backward,
          progress: progress)
        let forward = TurnAnimation.frame(
          from: Self.target, to: Self.current, effect: mode.effect, direction: .forward,
          progress: 1 - progress)
        let same = backward == forward
        #expect(same, "\(mode) at \(progress)")
      }
    }
  }

  /// The summed screen area of a layer's triangles.
  func coveredArea(_ layer: TurnLayer) -> Float {
    stride(from: 0, to: layer.indices.count, by: 3).reduce(0) { sum, start in
      let a = layer.vertices[Int(layer.indices[start])]
      let b = layer.vertices[Int(layer.indices[start + 1])]
      let c = layer.vertices[Int(layer.indices[start + 2])]
      return sum + abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2
    }
  }
}
