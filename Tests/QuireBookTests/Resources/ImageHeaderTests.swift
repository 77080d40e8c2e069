import Foundation
import Testing

@testable import QuireBook

@Suite struct ImageHeaderTests {
  private func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  private func png(width: Int, height: Int) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += bigEndian(13, 4) + Array("IHDR".utf8) + bigEndian(width, 4) + bigEndian(height, 4)
    bytes += [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    return Data(bytes)
  }

  /// A JPEG with an APP0 segment, a DQT segment and then an SOF2 (progressive) frame.
  private func jpeg(width: Int, height: Int) -> Data {
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += [0xFF, 0xE0] + bigEndian(16, 2) + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
    bytes += [0xFF, 0xDB] + bigEndian(67, 2) + [UInt8](repeating: 1, count: 65)
    bytes += [0xFF, 0xC2] + bigEndian(17, 2) + [8] + bigEndian(height, 2) + bigEndian(width, 2)
    bytes += [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
    bytes += [0xFF, 0xDA, 0, 8]
    return Data(bytes)
  }

  @Test func pngSize() {
    let data = png(width: 640, height: 480)
    #expect(ImageHeader.format(of: data) == .png)
    #expect(ImageHeader.size(of: data) == Attachment.Size(width: 640, height: 480))
  }

  @Test func absurdPNGSizeIsReportedAsIs() {
    #expect(
      ImageHeader.size(of: png(width: 100_000, height: 100_000))
        == Attachment.Size(width: 100_000, height: 100_000))
  }

  @Test func jpegSizeSkipsSegmentsBeforeTheFrame() {
    let data = jpeg(width: 1200, height: 1800)
    #expect(ImageHeader.format(of: data) == .jpeg)
    #expect(ImageHeader.size(of: data) == Attachment.Size(width: 1200, height: 1800))
  }

  @Test func truncatedJPEGHasNoSize() {
    let data = jpeg(width: 1200, height: 1800).prefix(30)
    #expect(ImageHeader.size(of: data) == nil)
  }

  @Test func gifSize() {
    let data = Data(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0, 0])
    #expect(ImageHeader.format(of: data) == .gif)
    #expect(ImageHeader.size(of: data) == Attachment.Size(width: 320, height: 240))
  }

  @Test func webpLossyLosslessAndExtended() {
    let riff = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
    let lossy =
      riff + Array("VP8 ".utf8) + [0, 0, 0, 0] + [0, 0, 0] + [0x9D, 0x01, 0x2A]
      + [0x90, 0x01, 0x2C, 0x01]
    #expect(ImageHeader.size(of: Data(lossy)) == Attachment.Size(width: 400, height: 300))
    // VP8L: 14-bit width-1 and height-1 packed after the 0x2F signature.
    let bits = (99) | (49 << 14)
    let lossless =
      riff + Array("VP8L".utf8) + [0, 0, 0, 0] + [0x2F]
      + (0..<4).map { UInt8(truncatingIfNeeded: bits >> ($0 * 8)) } + [0]
    #expect(ImageHeader.size(of: Data(lossless)) == Attachment.Size(width: 100, height: 50))
    let extended =
      riff + Array("VP8X".utf8) + [0, 0, 0, 0] + [0, 0, 0, 0]
      + [0x1F, 0x03, 0x00] + [0x57, 0x02, 0x00]
    #expect(ImageHeader.size(of: Data(extended)) == Attachment.Size(width: 800, height: 600))
  }

  @Test func svgWidthHeightAndViewBox() {
    let sized = Data(
      #"<?xml version="1.0"?><!-- c --><svg xmlns="http://www.w3.org/2000/svg" width="1400" height="2100px"/>"#
        .utf8)
    #expect(ImageHeader.format(of: sized) == .svg)
    #expect(ImageHeader.size(of: sized) == Attachment.Size(width: 1400, height: 2100))
    let boxed = Data(#"<svg version="1.1" viewBox="0 0 1400 2100" width="100%"></svg>"#.utf8)
    #expect(ImageHeader.size(of: boxed) == Attachment.Size(width: 1400, height: 2100))
  }

  @Test func unknownAndEmptyData() {
    #expect(ImageHeader.format(of: Data()) == nil)
    #expect(ImageHeader.size(of: Data("hello, world".utf8)) == nil)
    #expect(ImageHeader.size(of: Data([0x89, 0x50, 0x4E, 0x47])) == nil)
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func realJPEGFromTheCorpus() throws {
    let data = try Data(
      contentsOf: URL(fileURLWithPath: Corpus.path("bad/binary-jpeg-renamed.txt")))
    #expect(ImageHeader.format(of: data) == .jpeg)
    #expect(ImageHeader.size(of: data) == Attachment.Size(width: 840, height: 1380))
  }
}
