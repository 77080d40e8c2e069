import Testing

@testable import QuireRendering

/// Turns of a book whose pages progress right to left (`page-progression-direction="rtl"`):
/// the next page lies to the left, so every effect runs mirrored.
@Suite struct RightToLeftTurnTests {
  /// `image` mirrored left to right.
  static func mirrored(_ image: RGBAImage) -> RGBAImage {
    var result = image
    for y in 0..<image.height {
      for x in 0..<image.width {
        let from = image.index(x: image.width - 1 - x, y: y)
        let to = result.index(x: x, y: y)
        for channel in 0..<4 { result.pixels[to + channel] = image.pixels[from + channel] }
      }
    }
    return result
  }

  /// Pixels whose channels differ by more than `tolerance` between two frames.
  static func differingPixels(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int = 6) -> Int {
    var count = 0
    for index in stride(from: 0, to: a.pixels.count, by: 4) {
      let differs = (0..<4).contains {
        abs(Int(a.pixels[index + $0]) - Int(b.pixels[index + $0])) > tolerance
      }
      if differs { count += 1 }
    }
    return count
  }

  @Test(arguments: [TurnMode.curl, .leaf, .slide, .cover])
  func aRightToLeftTurnIsTheMirrorImageOfALeftToRightOne(mode: TurnMode) {
    let current = SyntheticPage.make(number: 4)
    let next = SyntheticPage.make(number: 5)
    for progress: Float in [0.2, 0.5, 0.8] {
      let rtl = TurnAnimation.frame(
        from: current, to: next, effect: mode.effect(rightToLeft: true), progress: progress)
      let ltr = TurnAnimation.frame(
        from: Self.mirrored(current), to: Self.mirrored(next), effect: mode.effect,
        progress: progress)
      // Edge pixels may round the other way; everything else is the same picture.
      let differing = Self.differingPixels(rtl, Self.mirrored(ltr))
      #expect(
        differing < rtl.width * rtl.height / 100,
        "\(mode) at \(progress): \(differing) pixels differ from the mirrored turn")
    }
  }

  @Test func theNextPageSlidesInFromTheLeft() {
    let current = RGBAImage(width: 100, height: 80, fill: (250, 250, 250, 255))
    let next = RGBAImage(width: 100, height: 80, fill: (20, 20, 200, 255))
    let frame = TurnAnimation.frame(
      from: current, to: next, effect: TurnMode.slide.effect(rightToLeft: true), progress: 0.5)
    let left = frame.pixels[frame.index(x: 10, y: 40) + 2]
    let right = frame.pixels[frame.index(x: 90, y: 40)]
    #expect(left == 200 && frame.pixels[frame.index(x: 10, y: 40)] == 20, "the next page, left")
    #expect(right == 250, "the page being left, right")
  }

  @Test func aDragToTheRightTurnsForwardAndTheLeftThirdIsNext() {
    var settings = TurnGestureSettings(width: 600, height: 800)
    settings.rightToLeft = true
    var gesture = TurnGesture(settings: settings)
    _ = gesture.press(at: TurnPoint(x: 40, y: 700), time: 1)
    #expect(gesture.move(to: TurnPoint(x: 120, y: 690), time: 1.1) == [.beganTurn(.forward)])
    // The sheet is gripped at its left edge: in the gesture's (mirrored) frame, the right.
    let state = gesture.state(at: 1.1)
    if case .drag(let grip, let point)? = state?.input {
      #expect(grip == .bottomRight)
      #expect(point.x > 300, "the drag is in the mirrored frame, on its right half")
    } else {
      Issue.record("a drag state")
    }
    var tapping = TurnGesture(settings: settings)
    _ = tapping.press(at: TurnPoint(x: 50, y: 400), time: 1)
    #expect(tapping.release(at: TurnPoint(x: 50, y: 400), time: 1.05) == [.beganTurn(.forward)])
    var back = TurnGesture(settings: settings)
    _ = back.press(at: TurnPoint(x: 550, y: 400), time: 1)
    #expect(back.release(at: TurnPoint(x: 550, y: 400), time: 1.05) == [.beganTurn(.backward)])
  }
}
