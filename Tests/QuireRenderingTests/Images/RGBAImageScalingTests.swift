import Testing

@testable import QuireRendering

/// Box downscaling averages, bilinear upscaling keeps the corners.
@Suite struct RGBAImageScalingTests {
  @Test func downscalingAveragesACheckerboardToGrey() {
    var image = RGBAImage(width: 8, height: 8, fill: (0, 0, 0, 255))
    for y in 0..<8 {
      for x in 0..<8 where (x + y) % 2 == 0 {
        let i = image.index(x: x, y: y)
        image.pixels[i] = 255
        image.pixels[i + 1] = 255
        image.pixels[i + 2] = 255
      }
    }
    let small = image.scaled(width: 2, height: 2)
    #expect(small.width == 2 && small.height == 2)
    for index in stride(from: 0, to: small.pixels.count, by: 4) {
      #expect(abs(Int(small.pixels[index]) - 128) <= 1)
      #expect(small.pixels[index + 3] == 255)
    }
  }

  @Test func upscalingInterpolatesBetweenPixels() {
    var image = RGBAImage(width: 2, height: 1, fill: (0, 0, 0, 255))
    image.pixels[4] = 200
    let wide = image.scaled(width: 8, height: 1)
    let reds = stride(from: 0, to: wide.pixels.count, by: 4).map { Int(wide.pixels[$0]) }
    #expect(reds.first == 0 && reds.last == 200)
    #expect(reds == reds.sorted())
    #expect(Set(reds).count >= 5)
  }
}
