import Foundation
import QuireBook
import QuireTypesetting
import Testing

@testable import QuireRendering

/// A progressive JPEG that repeats a scan twenty thousand times (a decoder goes over the
/// whole picture once per scan: such a page took 38 s to draw) is refused before any
/// decoding, and the page shows a placeholder and says why.
@Suite struct SlowJPEGTests {
  /// A 2048 × 2048 progressive JPEG of a soft gradient, made by TurboJPEG.
  static let progressive: [UInt8] = {
    let side = 2048
    var pixels = [UInt8](repeating: 255, count: side * side * 4)
    for y in 0..<side {
      for x in 0..<side {
        let index = (y * side + x) * 4
        pixels[index] = UInt8(x / 8)
        pixels[index + 1] = UInt8(y / 8)
        pixels[index + 2] = 128
      }
    }
    return JPEGEncoder.progressive(rgba: pixels, width: side, height: side)!
  }()

  /// `jpeg` with its last scan repeated `copies` more times before the end marker:
  /// TurboJPEG warns of the bogus progression and goes on, scan after scan.
  static func repeatingLastScan(_ jpeg: [UInt8], copies: Int) -> [UInt8] {
    var lastScan = 0
    for index in 0..<(jpeg.count - 1) where jpeg[index] == 0xFF && jpeg[index + 1] == 0xDA {
      lastScan = index
    }
    let end = jpeg.count - 2  // FF D9
    let scan = Array(jpeg[lastScan..<end])
    var hostile = Array(jpeg[..<end])
    hostile.reserveCapacity(jpeg.count + scan.count * copies)
    for _ in 0..<copies { hostile += scan }
    return hostile + [0xFF, 0xD9]
  }

  @Test func scansAreCountedWithoutDecoding() {
    let scans = Self.progressive.withUnsafeBytes { JPEGScans.count(in: $0) }
    #expect((5...20).contains(scans))
    let hostile = Self.repeatingLastScan(Self.progressive, copies: 20_000)
    #expect(hostile.withUnsafeBytes { JPEGScans.count(in: $0) } == scans + 20_000)
  }

  @Test func anOrdinaryProgressiveJPEGDecodes() throws {
    let image = try ImageDecoder.decode(Data(Self.progressive), name: "photo.jpg")
    #expect(image.width == 2048 && image.height == 2048)
  }

  @Test func twentyThousandScansAreRefusedAtOnce() {
    let hostile = Data(Self.repeatingLastScan(Self.progressive, copies: 20_000))
    let started = ContinuousClock.now
    let error = #expect(throws: RenderingError.self) {
      try ImageDecoder.decode(hostile, name: "OEBPS/slow.jpg")
    }
    #expect(ContinuousClock.now - started < .seconds(1))
    #expect(
      error?.description
        == "OEBPS/slow.jpg: image not decoded: \(20_000 + (Self.progressive.withUnsafeBytes { JPEGScans.count(in: $0) })) progressive scans of 2048 × 2048 pixels would take too long to decode"
    )
  }

  /// Under the work limit but past TurboJPEG's 500 scans: refused by TurboJPEG.
  @Test func pastFiveHundredScansTurboJPEGStops() throws {
    var pixels = [UInt8](repeating: 200, count: 64 * 64 * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) { pixels[index] = UInt8(index % 251) }
    let small = try #require(JPEGEncoder.progressive(rgba: pixels, width: 64, height: 64))
    let hostile = Data(Self.repeatingLastScan(small, copies: 600))
    let error = #expect(throws: RenderingError.self) {
      try ImageDecoder.decode(hostile, name: "small.jpg")
    }
    #expect(error?.description.contains("500 scans") == true, "\(String(describing: error))")
  }

  @Test func thePageDrawsAPlaceholderAndSaysWhy() throws {
    let fonts = try FontContext()
    var builder = StyledTextBuilder()
    builder.appendAttachment(
      href: "OEBPS/slow.jpg", alternativeText: "A slow picture",
      intrinsicSize: Attachment.Size(width: 2048, height: 2048))
    builder.endParagraph()
    let paginator = Paginator(
      text: builder.build(),
      container: TextContainer(width: 600, height: 800, margins: EdgeInsets(all: 30)),
      settings: LayoutSettings(fontSize: 16), fonts: fonts)
    let page = try #require(paginator.page(at: 0))
    let hostile = Data(Self.repeatingLastScan(Self.progressive, copies: 20_000))
    let renderer = try PageRenderer(resources: { _ in hostile }, fonts: fonts)
    let started = ContinuousClock.now
    let rendered = renderer.render(page)
    #expect(ContinuousClock.now - started < .seconds(2))
    #expect(rendered.pictureProblems.count == 1)
    #expect(rendered.pictureProblems.first?.contains("would take too long to decode") == true)
  }
}
