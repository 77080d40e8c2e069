import Foundation
import Testing

@testable import QuireBook

/// A DRM book and damaged Palm databases: each refused with a message naming the file.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct MobipocketBadInputTests {
  /// The corpus's MOBI 6 with `edit` applied to its bytes, written to a temporary file.
  private func damaged(_ edit: (inout [UInt8], [Int]) -> Void) throws -> String {
    var bytes = [UInt8](
      try Data(contentsOf: URL(fileURLWithPath: MobipocketImporterTests.mobi)))
    let count = Int(bytes[76]) << 8 | Int(bytes[77])
    let offsets = (0..<count).map { index in
      bytes[(78 + 8 * index)..<(82 + 8 * index)].reduce(0) { $0 << 8 | Int($1) }
    }
    edit(&bytes, offsets)
    let path = try ScratchFolder.make() + "/damaged.mobi"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  private static func setOffset(_ bytes: inout [UInt8], record: Int, to value: Int) {
    for byte in 0..<4 {
      bytes[78 + 8 * record + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte))
    }
  }

  @Test func aDRMBookSaysSoAndShowsNothing() throws {
    // Record 0's encryption type: 2 is Mobipocket DRM.
    let path = try damaged { bytes, offsets in bytes[offsets[0] + 13] = 2 }
    let error = #expect(throws: BookError.self) { try Book.open(path) }
    #expect(error?.code == .protectedByDRM)
    #expect(error?.description == "\(path): is protected by DRM; Quire cannot open it")
  }

  @Test(arguments: ["past the end", "backwards", "record 0 nowhere", "cut short", "65535 records"])
  func damagedRecordsAreRefusedByName(_ damage: String) throws {
    let path = try damaged { bytes, offsets in
      switch damage {
      case "past the end": Self.setOffset(&bytes, record: 3, to: bytes.count + 1000)
      case "backwards": Self.setOffset(&bytes, record: 2, to: offsets[5])
      case "record 0 nowhere": Self.setOffset(&bytes, record: 0, to: 0x7FFF_FFF0)
      case "cut short": bytes.removeLast(bytes.count * 2 / 3)
      default: bytes[76...77] = [0xFF, 0xFF]
      }
    }
    let error = #expect(throws: BookError.self) { try Book.open(path) }
    #expect(error?.path == path)
    #expect(error?.code == .corruptArchive)
    #expect(error?.detail.contains("damaged") == true)
  }
}
