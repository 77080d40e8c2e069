import Foundation
import Testing

@testable import QuireBook

/// File names are bytes: any name decodes to a string and encodes back to the same bytes.
@Suite struct PathNameTests {
  @Test(
    arguments: [
      [0xFF, 0xFE, 0x2E, 0x74, 0x78, 0x74],  // \xff\xfe.txt
      Array("plain.txt".utf8), Array("红楼梦.txt".utf8),
      [0xC3, 0x28],  // a broken two-byte sequence
      [0xE2, 0x82],  // cut short
      [0xC0, 0xAF],  // overlong "/"
      [0xED, 0xA0, 0x80],  // a surrogate
      Array("\u{10FDA0}".utf8),  // an escape scalar that is really in a name
    ] as [[UInt8]])
  func everyNameRoundTrips(_ bytes: [UInt8]) {
    let name = PathName.decode(bytes)
    #expect(PathName.bytes(name) == bytes)
  }

  @Test func validUTF8ReadsAsItself() {
    #expect(PathName.decode(Array("Pride and Prejudice – 红楼梦".utf8)) == "Pride and Prejudice – 红楼梦")
    #expect(!PathName.hasEscapes("Pride and Prejudice"))
  }

  @Test func theFolderOfAPathIsFoundWithoutFoundation() {
    let cases = [
      ("f", ""), ("ab", ""), ("/f", "/"), ("a/f", "a"), ("/a/b/c.txt", "/a/b"), ("a//b", "a"),
      ("a/b/", "a"), ("/", "/"), ("", ""), ("./q", "."), ("//f", "/"),
    ]
    for (path, folder) in cases {
      #expect(PathName.folder(of: path) == folder, "\(path)")
    }
  }

  @Test func theFileNameOfAPathIsItsLastName() {
    let cases = [
      ("f", "f"), ("/a/b/c.epub", "c.epub"), ("a/b/", "b"), ("/", "/"), ("", ""),
      ("红楼梦.txt", "红楼梦.txt"), ("/f", "f"),
    ]
    for (path, name) in cases {
      #expect(PathName.fileName(of: path) == name, "\(path)")
    }
  }

  @Test func aNameThatIsNotUTF8OpensAndIsListed() throws {
    let folder = try ScratchFolder.make("path-name")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let name = PathName.decode([0xFF, 0xFE] + Array(".txt".utf8))
    let path = folder + "/" + name
    let descriptor = PathName.open(path, O_WRONLY | O_CREAT, 0o644)
    try #require(descriptor >= 0)
    close(descriptor)
    #expect(PathName.contentsOfDirectory(folder) == [name])
    #expect(PathName.status(path)?.kind == .regular)
    // The bytes on disk are the name's, not UTF-8 replacement characters.
    let listed = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(listed.count == 1 && !listed[0].hasPrefix("\u{10FD}"))
  }
}
