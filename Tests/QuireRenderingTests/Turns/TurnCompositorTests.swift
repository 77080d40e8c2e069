import Foundation
import Testing

@testable import QuireRendering

/// The CPU compositor's arithmetic: exact copies, no seams, filtering, shading, blending.
@Suite struct TurnCompositorTests {
  static let page = SyntheticPage.make(number: 7, width: 64, height: 48)

  func mesh(_ build: (inout TurnLayer) -> Void, texture: TurnTexture = .current) -> TurnMesh {
    var layer = TurnLayer(role: .sheetFront, texture: texture)
    build(&layer)
    return TurnMesh(width: 64, height: 48, layers: [layer])
  }

  @Test func mirroredRectangleFlipsThePage() {
    let mirrored = mesh { $0.appendRect(x0: 0, y0: 0, x1: 64, y1: 48, u0: 1, u1: 0) }
    let image = TurnCompositor.render(mirrored, current: Self.page, target: Self.page)
    for y in [0, 17, 47] {
      for x in [0, 5, 63] {
        let a = image.index(x: x, y: y)
        let b = Self.page.index(x: 63 - x, y: y)
        #expect(image.pixels[a..<a + 4] == Self.page.pixels[b..<b + 4])
      }
    }
  }

  @Test func sharedEdgesAreDrawnOnce() {
    // A translucent quad cut into many fan triangles must blend every pixel exactly once.
    var layer = TurnLayer(role: .sheetShadow, texture: .none)
    let color = TurnColor.shadow(0.5)
    var polygon: [TurnVertex] = []
    for step in 0..<24 {
      let angle = Float(step) / 24 * 2 * .pi
      polygon.append(color.vertex(x: 32 + 30 * cosf(angle), y: 24 + 22 * sinf(angle)))
    }
    layer.appendFan(polygon)
    var canvas = RGBAImage(width: 64, height: 48, fill: (255, 255, 255, 255))
    TurnCompositor.draw(
      TurnMesh(width: 64, height: 48, layers: [layer]), current: Self.page, target: Self.page,
      into: &canvas)
    let values = Set(stride(from: 0, to: canvas.pixels.count, by: 4).map { canvas.pixels[$0] })
    #expect(values == [255, 127] || values == [255, 128])
  }

  @Test func halfTexelShiftAveragesNeighbours() {
    var texture = RGBAImage(width: 2, height: 1, fill: (0, 0, 0, 255))
    texture.pixels[4...7] = [200, 100, 0, 255]
    var layer = TurnLayer(role: .sheetFront, texture: .current)
    // One pixel wide, sampling exactly between the two texels.
    layer.appendRect(x0: 0, y0: 0, x1: 1, y1: 1, u0: 0.25, v0: 0, u1: 0.75, v1: 1)
    let image = TurnCompositor.render(
      TurnMesh(width: 1, height: 1, layers: [layer]), current: texture, target: texture)
    #expect(abs(Int(image.pixels[0]) - 100) <= 1 && abs(Int(image.pixels[1]) - 50) <= 1)
  }

  @Test func shadingDarkensAndPremultipliedBlendingMixes() {
    let grey = TurnColor.shade(0.5)
    let shaded = mesh {
      $0.appendRect(x0: 0, y0: 0, x1: 64, y1: 48, left: grey, right: grey)
    }
    let white = RGBAImage(width: 64, height: 48, fill: (255, 255, 255, 255))
    let image = TurnCompositor.render(shaded, current: white, target: white)
    #expect(abs(Int(image.pixels[0]) - 128) <= 1 && image.pixels[3] == 255)

    var veil = TurnLayer(role: .sheetBackOverlay, texture: .none)
    let red = TurnColor(r: 1, g: 0, b: 0, a: 0.25)
    veil.appendRect(x0: 0, y0: 0, x1: 64, y1: 48, left: red, right: red)
    var canvas = white
    TurnCompositor.draw(
      TurnMesh(width: 64, height: 48, layers: [veil]), current: white, target: white,
      into: &canvas)
    // 0.25 red over white: R stays 255, G and B drop to 0.75.
    #expect(canvas.pixels[0] == 255 && abs(Int(canvas.pixels[1]) - 191) <= 1)
  }

  /// A colour running past 1 (a shadow's alpha, a tint) is drawn as 1 where it does, as
  /// SDL holds a vertex's colour to 255: a channel rounded to 256 neither wraps to
  /// nothing (a shadow turning transparent) nor spills into the next channel.
  @Test(arguments: [
    (TurnColor.shadow(0), TurnColor.shadow(2)), (TurnColor.shadow(1.5), TurnColor.shadow(1.5)),
    (TurnColor(r: 0.5, g: 0, b: 0, a: 1), TurnColor(r: 2, g: 0, b: 0, a: 1)),
  ])
  func channelsPastOneAreHeldAtOne(left: TurnColor, right: TurnColor) {
    let white = RGBAImage(width: 64, height: 48, fill: (255, 255, 255, 255))
    var layer = TurnLayer(role: .underShadow, texture: .none)
    layer.appendRect(x0: 0, y0: 0, x1: 64, y1: 48, left: left, right: right)
    var canvas = white
    TurnCompositor.draw(
      TurnMesh(width: 64, height: 48, layers: [layer]), current: white, target: white,
      into: &canvas)
    let expected: [UInt8] = [left.r > 0 ? 255 : 0, 0, 0, 255]
    for y in [0, 24, 47] {
      let index = canvas.index(x: 63, y: y)
      #expect(Array(canvas.pixels[index..<index + 4]) == expected, "row \(y), \(left) to \(right)")
    }
  }

  @Test func trianglesOutsideOrNonFiniteAreIgnored() {
    let wild = mesh {
      $0.vertices = [
        TurnVertex(x: .nan, y: 0), TurnVertex(x: 10, y: 0), TurnVertex(x: 0, y: 10),
        TurnVertex(x: -500, y: -500), TurnVertex(x: -400, y: -500), TurnVertex(x: -500, y: -400),
      ]
      $0.indices = [0, 1, 2, 3, 4, 5]
    }
    let image = TurnCompositor.render(wild, current: Self.page, target: Self.page)
    #expect(image.pixels.allSatisfy { $0 == 0 })
  }
}

/// The back of the sheet and its paper veil are filled in one pass: the same pixels as
/// the back drawn first and the veil over it in a pass of its own, for white paper and a
/// theme's (the window's veil takes the page's colour).
@Suite struct TurnCompositorVeilTests {
  @Test(
    arguments: [TurnGrip.bottomRight, .topRight, .right],
    [TurnColor.white, TurnColor(r: 0.98, g: 0.96, b: 0.9)])
  func theVeilInOnePassGivesTheTwoPassesPixels(grip: TurnGrip, paper: TurnColor) {
    let from = SyntheticPage.make(number: 3, width: 320, height: 240)
    let to = SyntheticPage.make(number: 4, width: 320, height: 240, paper: (236, 240, 250))
    var paired = 0
    var curl = CurlEffect()
    curl.paper = paper
    let points = [
      TurnPoint(x: 300, y: 230), TurnPoint(x: 250, y: 200), TurnPoint(x: 160, y: 120),
      TurnPoint(x: 90, y: 30), TurnPoint(x: 20, y: 220), TurnPoint(x: -40, y: 230),
    ]
    for direction in [TurnDirection.forward, .backward] {
      for point in points {
        let state = TurnState(
          input: .drag(grip: grip, point: point), direction: direction, width: 320, height: 240)
        let mesh = curl.mesh(for: state)
        guard let veil = mesh.layers.firstIndex(where: { $0.role == .sheetBackOverlay }) else {
          continue
        }
        if veil > 0, TurnCompositor.veils(mesh.layers[veil], mesh.layers[veil - 1]) { paired += 1 }
        let fused = TurnCompositor.render(mesh, current: from, target: to)
        var apart = mesh
        apart.layers.remove(at: veil)
        var twoPasses = TurnCompositor.render(apart, current: from, target: to)
        TurnCompositor.draw(
          TurnMesh(width: 320, height: 240, layers: [mesh.layers[veil]]), current: from,
          target: to, into: &twoPasses)
        #expect(fused == twoPasses, "\(grip) \(direction) at \(point) on \(paper)")
      }
    }
    #expect(paired > 0, "no frame had a back under a veil")
  }
}

/// The window draws a turn's frame on every core, a band of rows each.
@Suite struct TurnCompositorBandTests {
  @Test(arguments: [TurnMode.curl, .leaf, .cover], [2, 3, 7])
  func bandsGiveTheSamePixelsAsOnePass(mode: TurnMode, bands: Int) {
    let from = SyntheticPage.make(number: 3, width: 320, height: 240)
    let to = SyntheticPage.make(number: 4, width: 320, height: 240)
    for point in [TurnPoint(x: 250, y: 220), TurnPoint(x: 120, y: 150), TurnPoint(x: -40, y: 230)] {
      let state = TurnState(
        input: .drag(grip: .bottomRight, point: point), direction: .forward, width: 320,
        height: 240)
      let mesh = mode.effect.mesh(for: state)
      let whole = TurnCompositor.render(mesh, current: from, target: to)
      var banded = RGBAImage(width: 320, height: 240)
      TurnCompositor.draw(mesh, current: from, target: to, into: &banded, bands: bands)
      #expect(banded == whole, "\(mode) in \(bands) bands at \(point)")
    }
  }
}
