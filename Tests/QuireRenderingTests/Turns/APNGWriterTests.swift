import Foundation
import Testing

@testable import QuireRendering

/// The animated PNG: chunk order, sequence numbers, CRCs, and a readable first frame.
@Suite struct APNGWriterTests {
  @Test func chunksFollowTheAPNGLayout() throws {
    let frames = TurnAnimation.render(
      from: SyntheticPage.make(number: 1, width: 60, height: 80),
      to: SyntheticPage.make(number: 2, width: 60, height: 80), mode: .curl, frames: 4)
    let bytes = try APNGWriter.encode(frames: frames, delay: 0.04)
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var chunks: [(type: String, data: [UInt8])] = []
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let data = Array(bytes[offset + 8..<offset + 8 + length])
      var crc = CRC32()
      crc.update(bytes[offset + 4..<offset + 8 + length])
      let stored = bytes[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) {
        $0 << 8 | UInt32($1)
      }
      #expect(crc.checksum == stored, "bad CRC in \(type)")
      chunks.append((type, data))
      offset += 12 + length
    }
    #expect(offset == bytes.count)
    let types = chunks.map(\.type)
    #expect(types.first == "IHDR" && types[1] == "acTL" && types.last == "IEND")
    #expect(types.filter { $0 == "fcTL" }.count == 4)
    #expect(types.contains("IDAT") && types.contains("fdAT"))
    // acTL: 4 frames, loop forever.
    #expect(chunks[1].data == [0, 0, 0, 4, 0, 0, 0, 0])
    // fcTL and fdAT share one sequence, counting up from 0 without gaps.
    let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map {
      $0.data.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    }
    #expect(sequence == Array(0..<sequence.count))
    // Any PNG reader sees the first frame.
    let firstFrameReads = try ImageDecoder.decode(Data(bytes), name: "memory") == frames[0]
    #expect(firstFrameReads)
  }

  @Test func frameSequenceIsNumbered() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "quire-apng-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = SyntheticPage.make(number: 3, width: 30, height: 40)
    let paths = try APNGWriter.writeSequence(
      frames: [page, page, page], to: folder.appendingPathComponent("turn.png").path)
    #expect(
      paths.map { URL(fileURLWithPath: $0).lastPathComponent } == [
        "turn-000.png", "turn-001.png", "turn-002.png",
      ])
    let lastFrameReads = try RGBAImage(contentsOfFile: paths[2]) == page
    #expect(lastFrameReads)
  }

  @Test func emptyOrMixedFramesAreRefused() {
    #expect(throws: RenderingError.self) { try APNGWriter.encode(frames: [], delay: 0.1) }
    #expect(throws: RenderingError.self) {
      try APNGWriter.encode(
        frames: [RGBAImage(width: 2, height: 2), RGBAImage(width: 3, height: 2)], delay: 0.1)
    }
  }

  @Test func writingToAMissingFolderNamesThePath() {
    do {
      try APNGWriter.write(
        frames: [RGBAImage(width: 2, height: 2)], delay: 0.1, to: "/nonexistent/turn.png")
      Issue.record("writing into a missing folder succeeded")
    } catch {
      #expect("\(error)".contains("/nonexistent/turn.png"))
    }
  }
}
