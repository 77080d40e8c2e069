import Foundation
import QuireBook
import Testing

@testable import QuireCLI

@Suite struct CoverImageHeaderTests {
  @Test func png() {
    #expect(CoverImageHeader.size(of: SampleBook.coverPNG) == .init(width: 600, height: 800))
  }

  @Test func jpegFindsTheFrameAfterOtherSegments() {
    let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46]
    let sof0: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03]
    let data = Data([0xFF, 0xD8] + app0 + sof0 + Array(repeating: 0, count: 16))
    #expect(CoverImageHeader.size(of: data) == .init(width: 640, height: 480))
  }

  @Test func gif() {
    let data = Data(Array("GIF89a".utf8) + [0x10, 0x00, 0x20, 0x00, 0, 0])
    #expect(CoverImageHeader.size(of: data) == .init(width: 16, height: 32))
  }

  @Test func unknownOrTruncatedGivesNil() {
    #expect(CoverImageHeader.size(of: Data("<svg/>".utf8)) == nil)
    #expect(CoverImageHeader.size(of: Data([0x89, 0x50, 0x4E, 0x47])) == nil)
    #expect(CoverImageHeader.size(of: Data([0xFF, 0xD8, 0xFF])) == nil)
  }
}
