import Foundation
import QuireBook
import Testing

@testable import QuireRendering

/// PNG and JPEG decoding of real book pictures, and refusal of hostile headers.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct ImageDecoderTests {
  private let jpegPath = Corpus.path("bad/binary-jpeg-renamed.txt")

  @Test func decodesTheJPEGInTheCorpus() throws {
    let image = try ImageDecoder.decode(
      try Data(contentsOf: URL(fileURLWithPath: jpegPath)), name: "title.jpg")
    #expect(image.width == 840 && image.height == 1380)
    // A title page: mostly light paper with dark lettering, all opaque.
    let lightness: [Int] = stride(from: 0, to: image.pixels.count, by: 4).map { index in
      let red = Int(image.pixels[index])
      let green = Int(image.pixels[index + 1])
      return red + green + Int(image.pixels[index + 2])
    }
    #expect(lightness.filter { $0 > 600 }.count > lightness.count / 3)
    #expect(lightness.contains { $0 < 150 })
    #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
  }

  @Test func decodesAPNGFromAnEPUB() throws {
    let book = try Book.open(Corpus.path("epub/idpf-childrens-literature.epub"))
    let image = try ImageDecoder.decode(
      try book.resource(at: "EPUB/images/cover.png"), name: "cover.png")
    #expect(image.width == 500 && image.height == 714)
    #expect(Set(image.pixels).count > 16)
  }

  @Test func refusesAHugeJPEGHeaderBeforeAllocating() throws {
    var data = try Data(contentsOf: URL(fileURLWithPath: jpegPath))
    // The SOF0 marker of this file is at byte 11648: height, then width, big-endian.
    let sof = 11_648
    #expect(data[sof] == 0xFF && data[sof + 1] == 0xC0)
    for offset in [5, 7] {
      data[sof + offset] = 0xEA
      data[sof + offset + 1] = 0x60
    }
    #expect(throws: RenderingError.imageTooLarge(name: "huge.jpg", width: 60_000, height: 60_000)) {
      try ImageDecoder.decode(data, name: "huge.jpg")
    }
  }

  @Test func refusesAHugePNGHeaderBeforeAllocating() throws {
    // A PNG of 100000 × 100000 RGBA would need 40 GB: only its header exists.
    let data = PNGBytes.header(width: 100_000, height: 100_000)
    #expect(throws: RenderingError.imageTooLarge(name: "huge.png", width: 100_000, height: 100_000))
    {
      try ImageDecoder.decode(data, name: "huge.png")
    }
  }

  @Test func corruptImagesAreErrorsNamingTheFile() throws {
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: jpegPath))
    var broken = jpeg.prefix(2)
    broken.append(Data(repeating: 0x5A, count: 4000))
    broken[broken.startIndex + 2] = 0xFF
    do {
      _ = try ImageDecoder.decode(broken, name: "OPS/images/broken.jpg")
      Issue.record("a JPEG with no header decoded")
    } catch {
      #expect(error.description.hasPrefix("OPS/images/broken.jpg: image not decoded"))
    }
    var png = PNGBytes.header(width: 10, height: 10)
    png.append(Data(repeating: 7, count: 64))
    #expect(throws: RenderingError.self) { try ImageDecoder.decode(png, name: "x.png") }
    #expect(throws: RenderingError.unsupportedImage(name: "a.gif")) {
      try ImageDecoder.decode(Data("GIF89a".utf8), name: "a.gif")
    }
  }

  @Test func pngRoundTripKeepsPixels() throws {
    var image = RGBAImage(width: 7, height: 5, fill: (10, 20, 30, 255))
    image.pixels[image.index(x: 3, y: 2)] = 250
    image.pixels[image.index(x: 6, y: 4) + 3] = 128
    image.pixels[image.index(x: 6, y: 4)] = 64
    let decoded = try ImageDecoder.decode(try image.pngData(), name: "round.png")
    #expect(decoded.width == 7 && decoded.height == 5)
    #expect(decoded.pixels[decoded.index(x: 3, y: 2)] == 250)
    #expect(abs(Int(decoded.pixels[decoded.index(x: 6, y: 4)]) - 64) <= 1)
    #expect(decoded.pixels[decoded.index(x: 6, y: 4) + 3] == 128)
  }
}

/// Hand-made PNG bytes: signature and an IHDR chunk with a correct CRC.
enum PNGBytes {
  static func header(width: UInt32, height: UInt32) -> Data {
    var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var chunk = Data("IHDR".utf8)
    for value in [width, height] {
      chunk.append(contentsOf: withUnsafeBytes(of: value.bigEndian, Array.init))
    }
    chunk.append(contentsOf: [8, 6, 0, 0, 0])
    data.append(contentsOf: withUnsafeBytes(of: UInt32(13).bigEndian, Array.init))
    data.append(chunk)
    data.append(contentsOf: withUnsafeBytes(of: crc32(chunk).bigEndian, Array.init))
    return data
  }

  private static func crc32(_ bytes: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
