import Foundation
import Testing

@testable import QuireRendering

/// The window's turn frames redrawn in part: every frame must hold the very pixels a
/// whole draw over the current page gives, and the boxes it returns must hold every pixel
/// that changed since the frame before.
@Suite struct TurnFrameCanvasTests {
  static let width = 320
  static let height = 240
  static let from = SyntheticPage.make(number: 3, width: width, height: height)
  static let to = SyntheticPage.make(
    number: 4, width: width, height: height, paper: (236, 240, 250))

  /// A drag from the bottom-right corner across the page, up, back towards the corner
  /// (the curl shrinking again) and out past the spine.
  static let drag: [TurnPoint] =
    stride(from: 318, through: 90, by: -19).map {
      TurnPoint(x: Float($0), y: 236 - Float(318 - $0) / 5)
    }
    + [TurnPoint(x: 200, y: 120), TurnPoint(x: 260, y: 200), TurnPoint(x: 319, y: 239)]
    + [TurnPoint(x: 240, y: 230), TurnPoint(x: 10, y: 200), TurnPoint(x: -60, y: 230)]

  static func mesh(_ mode: TurnMode, _ point: TurnPoint, grip: TurnGrip = .bottomRight)
    -> TurnMesh
  {
    let state = TurnState(
      input: .drag(grip: grip, point: point), direction: .forward, width: Float(width),
      height: Float(height))
    return mode.effect.mesh(for: state)
  }

  /// The frame drawn whole, over the current page.
  static func whole(_ mesh: TurnMesh, current: RGBAImage = from) -> RGBAImage {
    var canvas = current
    TurnCompositor.draw(mesh, current: current, target: to, into: &canvas)
    return canvas
  }

  /// Whether two images hold the same bytes.
  static func same(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
    a.width == b.width && a.height == b.height
      && a.pixels.withUnsafeBytes { x in
        b.pixels.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
      }
  }

  /// Pixels that differ between two images of one size outside `boxes`.
  static func differences(_ a: RGBAImage, _ b: RGBAImage, outside boxes: [TurnPixelBox]) -> Int {
    a.pixels.withUnsafeBytes { x in
      b.pixels.withUnsafeBytes { y in
        let left = x.bindMemory(to: UInt32.self)
        let right = y.bindMemory(to: UInt32.self)
        var count = 0
        for row in 0..<a.height {
          for column in 0..<a.width
          where left[row * a.width + column] != right[row * a.width + column] {
            if boxes.contains(where: { $0.x.contains(column) && $0.y.contains(row) }) {
              continue
            }
            count += 1
          }
        }
        return count
      }
    }
  }

  /// The box holding all of `boxes`, or nil when there are none.
  static func union(_ boxes: [TurnPixelBox]) -> TurnPixelBox? {
    boxes.reduce(nil) { TurnPixelBox.union($0, $1) }
  }

  @Test(arguments: [TurnMode.curl, .leaf, .slide, .cover], [1, 3])
  func partialFramesEqualWholeFrames(mode: TurnMode, bands: Int) {
    var canvas = TurnFrameCanvas(width: Self.width, height: Self.height)
    var previous: RGBAImage?
    for (step, point) in Self.drag.enumerated() {
      let mesh = Self.mesh(mode, point)
      let boxes = canvas.draw(mesh, current: Self.from, target: Self.to, bands: bands)
      let expected = Self.whole(mesh)
      let equal = Self.same(canvas.image, expected)
      #expect(equal, "\(mode), \(bands) bands, step \(step) at \(point)")
      if let previous {
        #expect(
          Self.differences(previous, canvas.image, outside: boxes) == 0,
          "\(mode) step \(step): pixels changed outside the boxes returned")
        let rows = boxes.map(\.y.count).reduce(0, +)
        let distinct = Set(boxes.flatMap { Array($0.y) }).count
        #expect(rows == distinct, "\(mode) step \(step): the boxes overlap: \(boxes)")
      } else {
        #expect(boxes == [TurnPixelBox(x: 0..<Self.width, y: 0..<Self.height)])
      }
      previous = canvas.image
    }
  }

  @Test func aSmallCornerCurlRedrawsLittleOfTheFrame() throws {
    var canvas = TurnFrameCanvas(width: Self.width, height: Self.height)
    canvas.draw(Self.mesh(.curl, TurnPoint(x: 312, y: 234)), current: Self.from, target: Self.to)
    let drawn = canvas.draw(
      Self.mesh(.curl, TurnPoint(x: 300, y: 228)), current: Self.from, target: Self.to)
    let box = try #require(Self.union(drawn))
    #expect(box.x.count * box.y.count < Self.width * Self.height / 8, "\(box)")
    #expect(box.x.upperBound == Self.width && box.y.upperBound == Self.height)
  }

  /// A fold across the page is redrawn along its length: the strips of rows it crosses,
  /// each as wide as the fold is there, not the box around all of it; and those strips
  /// are the boxes returned.
  @Test func aFoldAcrossThePageRedrawsLessThanItsBox() throws {
    var canvas = TurnFrameCanvas(width: Self.width, height: Self.height)
    canvas.draw(Self.mesh(.curl, TurnPoint(x: 180, y: 200)), current: Self.from, target: Self.to)
    let drawn = canvas.draw(
      Self.mesh(.curl, TurnPoint(x: 172, y: 198)), current: Self.from, target: Self.to)
    let box = try #require(Self.union(drawn))
    #expect(canvas.redrawnPixels > 0)
    #expect(
      canvas.redrawnPixels * 4 < box.x.count * box.y.count * 3,
      "\(canvas.redrawnPixels) pixels redrawn in a box of \(box)")
    // What goes to the screen is what was redrawn, not the box around it.
    #expect(drawn.count > 1)
    #expect(drawn.map { $0.x.count * $0.y.count }.reduce(0, +) == canvas.redrawnPixels)
  }

  /// Late in a drag the next page lies revealed over much of the page: where it showed
  /// in the last frame too, and neither the sheet nor its shadow comes, it is not drawn
  /// again (the box stops short of the page's far edge), and the frame is still whole.
  @Test func theRevealedPageIsNotRedrawn() throws {
    var canvas = TurnFrameCanvas(width: Self.width, height: Self.height)
    canvas.draw(Self.mesh(.curl, TurnPoint(x: 130, y: 215)), current: Self.from, target: Self.to)
    let mesh = Self.mesh(.curl, TurnPoint(x: 126, y: 214))
    let drawn = canvas.draw(mesh, current: Self.from, target: Self.to)
    let box = try #require(Self.union(drawn))
    #expect(box.x.upperBound < Self.width - 40, "\(box)")
    let equal = Self.same(canvas.image, Self.whole(mesh))
    #expect(equal)
  }

  @Test func aNewTurnIsDrawnWhole() {
    var canvas = TurnFrameCanvas(width: Self.width, height: Self.height)
    canvas.draw(Self.mesh(.curl, TurnPoint(x: 200, y: 200)), current: Self.from, target: Self.to)
    canvas.reset()
    // The next turn goes the other way: its current page is the other picture.
    var mesh = Self.mesh(.curl, TurnPoint(x: 280, y: 220))
    let boxes = canvas.draw(mesh, current: Self.to, target: Self.from)
    #expect(boxes == [TurnPixelBox(x: 0..<Self.width, y: 0..<Self.height)])
    var expected = Self.to
    TurnCompositor.draw(mesh, current: Self.to, target: Self.from, into: &expected)
    let firstEqual = Self.same(canvas.image, expected)
    #expect(firstEqual)
    mesh = Self.mesh(.curl, TurnPoint(x: 250, y: 210))
    canvas.draw(mesh, current: Self.to, target: Self.from)
    expected = Self.to
    TurnCompositor.draw(mesh, current: Self.to, target: Self.from, into: &expected)
    let secondEqual = Self.same(canvas.image, expected)
    #expect(secondEqual)
  }

  @Test func aTranslucentPageIsDrawnWholeEveryFrame() {
    var translucent = Self.from
    for index in stride(from: 3, to: translucent.pixels.count, by: 4 * 97) {
      translucent.pixels[index] = 128
      for channel in 1...3 {
        translucent.pixels[index - channel] /= 2
      }
    }
    var canvas = TurnFrameCanvas(width: Self.width, height: Self.height)
    for point in Self.drag.prefix(6) {
      let mesh = Self.mesh(.curl, point)
      let boxes = canvas.draw(mesh, current: translucent, target: Self.to)
      #expect(boxes == [TurnPixelBox(x: 0..<Self.width, y: 0..<Self.height)])
      let equal = Self.same(canvas.image, Self.whole(mesh, current: translucent))
      #expect(equal)
    }
  }

  /// Spans cut by a clip rectangle start their attributes where they would uncut.
  @Test func clippedDrawsGiveTheWholeDrawsPixels() {
    for point in [TurnPoint(x: 250, y: 220), TurnPoint(x: 120, y: 150), TurnPoint(x: -40, y: 230)] {
      let mesh = Self.mesh(.curl, point)
      let expected = Self.whole(mesh)
      for clip in [
        TurnPixelBox(x: 0..<97, y: 13..<240), TurnPixelBox(x: 97..<203, y: 0..<131),
        TurnPixelBox(x: 203..<320, y: 5..<77), TurnPixelBox(x: 61..<62, y: 0..<240),
      ] {
        var canvas = Self.from
        TurnCompositor.draw(
          mesh, current: Self.from, target: Self.to, into: &canvas, bands: 2, clip: clip)
        for y in clip.y {
          let row =
            expected.index(
              x: clip.x.lowerBound, y: y)..<expected.index(
              x: clip.x.upperBound, y: y)
          #expect(canvas.pixels[row] == expected.pixels[row], "\(clip) row \(y) at \(point)")
        }
        #expect(Self.differences(canvas, Self.from, outside: [clip]) == 0)
      }
    }
  }
}
