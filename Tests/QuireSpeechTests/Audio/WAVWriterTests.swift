import Foundation
import QuireTestSupport
import Testing

@testable import QuireSpeech

@Suite("WAVWriter")
struct WAVWriterTests {
  @Test("writes a canonical header with the sizes filled in, and the samples in order")
  func file() throws {
    let path = try ScratchFolder.file("file.wav")
    defer { unlink(path) }
    let writer = try WAVWriter(path: path, sampleRate: 22050)
    try writer.append([1, -2, 300])
    try writer.append([Int16.max, Int16.min])
    try writer.finish()
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(bytes.count == 44 + 10)
    #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
    #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WAVEfmt ")
    func int32(_ at: Int) -> Int { bytes[at..<(at + 4)].reversed().reduce(0) { $0 << 8 | Int($1) } }
    #expect(int32(4) == 36 + 10)
    #expect(int32(24) == 22050)
    #expect(int32(40) == 10)
    #expect(Array(bytes[44..<50]) == [1, 0, 0xFE, 0xFF, 0x2C, 0x01])
    // Nothing is left beside it.
    let folder = (path as NSString).deletingLastPathComponent
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasSuffix(".partial") && $0.contains((path as NSString).lastPathComponent)
    }
    #expect(leftovers.isEmpty)
  }

  @Test("a writer dropped before finishing leaves nothing where the file was asked for")
  func abandoned() throws {
    let path = try ScratchFolder.file("file.wav")
    do {
      let writer = try WAVWriter(path: path, sampleRate: 22050)
      try writer.append([1, 2, 3])
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("a folder that does not exist is a clear error naming the file")
  func unwritable() {
    #expect(throws: SpeechError.self) {
      _ = try WAVWriter(path: "/nonexistent/folder/out.wav", sampleRate: 22050)
    }
  }
}
