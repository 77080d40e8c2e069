import Testing

@testable import QuireRendering

/// Drawing one picture over another: what the window does with every page it shows.
@Suite struct RGBAImageCompositingTests {
  /// A picture whose pixels all differ, opaque or with some pixels see-through.
  private static func picture(width: Int, height: Int, clearEvery: Int?) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let index = image.index(x: x, y: y)
        let clear = clearEvery.map { (x + y) % $0 == 0 } ?? false
        image.pixels[index] = clear ? 0 : UInt8((x * 7 + y) % 256)
        image.pixels[index + 1] = clear ? 0 : UInt8((y * 5) % 256)
        image.pixels[index + 2] = clear ? 0 : UInt8((x + y * 3) % 256)
        image.pixels[index + 3] = clear ? 0 : 255
      }
    }
    return image
  }

  @Test func anOpaquePictureIsCopiedExactlyAndClippedAtTheEdges() {
    let background = RGBAImage(width: 40, height: 30, fill: (10, 20, 30, 255))
    var canvas = background
    let page = Self.picture(width: 25, height: 20, clearEvery: nil)
    canvas.draw(page, x: 22, y: -4)
    for y in 0..<30 {
      for x in 0..<40 {
        let index = canvas.index(x: x, y: y)
        let inside = (22..<40).contains(x) && (0..<16).contains(y)
        let expected =
          inside
          ? Array(
            page.pixels[page.index(x: x - 22, y: y + 4)..<page.index(x: x - 22, y: y + 4) + 4])
          : Array(background.pixels[index..<index + 4])
        #expect(Array(canvas.pixels[index..<index + 4]) == expected, "(\(x), \(y))")
      }
    }
  }

  @Test func seeThroughPixelsKeepWhatIsUnderThemAndDimmedOnesBlend() {
    var canvas = RGBAImage(width: 12, height: 8, fill: (200, 100, 50, 255))
    let sheet = Self.picture(width: 12, height: 8, clearEvery: 3)
    canvas.draw(sheet, x: 0, y: 0)
    for y in 0..<8 {
      for x in 0..<12 {
        let index = canvas.index(x: x, y: y)
        let expected: [UInt8] =
          (x + y) % 3 == 0 ? [200, 100, 50, 255] : Array(sheet.pixels[index..<index + 4])
        #expect(Array(canvas.pixels[index..<index + 4]) == expected)
      }
    }
    // At half brightness an opaque pixel is drawn at half its value, not copied.
    var dimmed = RGBAImage(width: 2, height: 1, fill: (0, 0, 0, 255))
    dimmed.draw(
      RGBAImage(width: 2, height: 1, fill: (200, 100, 50, 255)), x: 0, y: 0, brightness: 0.5)
    #expect(Array(dimmed.pixels[0..<4]) == [100, 50, 25, 255])
  }
}
