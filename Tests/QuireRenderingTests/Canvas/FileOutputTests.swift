import Foundation
import Testing

@testable import QuireRendering

#if canImport(Glibc)
  import Glibc
#endif

/// Pictures are written only into regular files, never blocking, with the reason in words.
@Suite struct FileOutputTests {
  private let image = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))

  @Test func aFIFOIsRefusedWithoutWaitingForAReader() throws {
    let fifo = try ScratchFolder.file("fifo.png")
    try #require(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    let started = ContinuousClock.now
    let error = #expect(throws: RenderingError.self) { try image.writePNG(to: fifo) }
    #expect(ContinuousClock.now - started < .seconds(1))
    #expect(
      error?.description
        == "\(fifo): PNG not written: it is a FIFO (named pipe), not a regular file")
  }

  @Test func aDeviceIsRefusedBeforeAByteIsWritten() {
    let error = #expect(throws: RenderingError.self) {
      try APNGWriter.write(frames: [image, image], delay: 0.1, to: "/dev/full")
    }
    #expect(error?.description == "/dev/full: PNG not written: it is a device, not a regular file")
  }

  @Test func aMissingFolderIsSaidInWords() {
    let error = #expect(throws: RenderingError.self) {
      try image.writePNG(to: "/nonexistent-quire-folder/page.png")
    }
    #expect(
      error?.description
        == "/nonexistent-quire-folder/page.png: PNG not written: no such file or folder")
  }

  @Test func aShorterPictureReplacesALongerFileWhole() throws {
    let path = try ScratchFolder.file("page.png")
    defer { unlink(path) }
    try Data(repeating: 7, count: 100_000).write(to: URL(fileURLWithPath: path))
    try image.writePNG(to: path)
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(written == (try image.pngData()))
  }
}
