@testable import QuireRendering

/// Pages drawn in the tests without fonts: ruled lines, ragged "words" and a big
/// seven-segment number, so golden images depend on nothing but this code.
enum SyntheticPage {
  /// A page numbered `number` (0…99) on paper of the given tint.
  static func make(
    number: Int, width: Int = 150, height: Int = 200,
    paper: (r: UInt8, g: UInt8, b: UInt8) = (250, 246, 234)
  ) -> RGBAImage {
    var image = RGBAImage(width: width, height: height, fill: (paper.r, paper.g, paper.b, 255))
    let unit = max(1, width / 50)
    // Ruled lines and a red margin.
    for y in stride(from: 8 * unit, to: height - 2 * unit, by: 6 * unit) {
      fill(&image, x: 2 * unit, y: y, w: width - 4 * unit, h: max(1, unit / 2), (170, 200, 230))
    }
    fill(&image, x: 6 * unit, y: 0, w: max(1, unit / 2), h: height, (225, 120, 120))
    // Ragged words on the rules: left-aligned, so a mirrored page is easy to tell.
    var seed = UInt32(number &* 2_654_435_761 & 0xFFFF) | 1
    for (line, y) in stride(from: 8 * unit, to: height - 2 * unit, by: 6 * unit).enumerated()
    where line % 5 != 2 {
      var x = 8 * unit
      let end = width - 3 * unit - (line % 3) * 6 * unit
      while x < end {
        seed = seed &* 1_103_515_245 &+ 12345
        let word = (3 + Int(seed >> 16) % 8) * unit
        fill(&image, x: x, y: y - 3 * unit, w: min(word, end - x), h: 2 * unit, (70, 62, 58))
        x += word + 2 * unit
      }
    }
    // The number, big, in the middle.
    let digits = number >= 10 ? [number / 10 % 10, number % 10] : [number]
    let digitWidth = width / 4
    var x = (width - digits.count * digitWidth - (digits.count - 1) * 2 * unit) / 2
    for digit in digits {
      drawDigit(&image, digit, x: x, y: height / 3, w: digitWidth, h: height / 3, unit: 2 * unit)
      x += digitWidth + 2 * unit
    }
    return image
  }

  private static let segments: [[Bool]] = [
    // top, top-left, top-right, middle, bottom-left, bottom-right, bottom
    [true, true, true, false, true, true, true], [false, false, true, false, false, true, false],
    [true, false, true, true, true, false, true], [true, false, true, true, false, true, true],
    [false, true, true, true, false, true, false], [true, true, false, true, false, true, true],
    [true, true, false, true, true, true, true], [true, false, true, false, false, true, false],
    [true, true, true, true, true, true, true], [true, true, true, true, false, true, true],
  ]

  private static func drawDigit(
    _ image: inout RGBAImage, _ digit: Int, x: Int, y: Int, w: Int, h: Int, unit: Int
  ) {
    let on = segments[digit]
    let ink: (UInt8, UInt8, UInt8) = (40, 60, 120)
    let half = h / 2
    if on[0] { fill(&image, x: x, y: y, w: w, h: unit, ink) }
    if on[1] { fill(&image, x: x, y: y, w: unit, h: half, ink) }
    if on[2] { fill(&image, x: x + w - unit, y: y, w: unit, h: half, ink) }
    if on[3] { fill(&image, x: x, y: y + half - unit / 2, w: w, h: unit, ink) }
    if on[4] { fill(&image, x: x, y: y + half, w: unit, h: half, ink) }
    if on[5] { fill(&image, x: x + w - unit, y: y + half, w: unit, h: half, ink) }
    if on[6] { fill(&image, x: x, y: y + h - unit, w: w, h: unit, ink) }
  }

  static func fill(
    _ image: inout RGBAImage, x: Int, y: Int, w: Int, h: Int, _ color: (UInt8, UInt8, UInt8)
  ) {
    for row in max(0, y)..<min(image.height, max(0, y + h)) {
      for column in max(0, x)..<min(image.width, max(0, x + w)) {
        let i = image.index(x: column, y: row)
        image.pixels[i] = color.0
        image.pixels[i + 1] = color.1
        image.pixels[i + 2] = color.2
        image.pixels[i + 3] = 255
      }
    }
  }
}
