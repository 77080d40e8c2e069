import Foundation
import Testing

@testable import QuireBook

/// UTF-16 without a byte-order mark: Chinese and Japanese text, whose NUL bytes fall on
/// both sides of their units, is decoded, not refused as binary.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct UTF16WithoutBOMTests {
  private func reencoded(_ relative: String, _ encoding: String.Encoding) throws -> String {
    let text = try String(contentsOfFile: Corpus.path(relative), encoding: .utf8)
    let path = try ScratchFolder.file("utf16.txt")
    var data = try #require(text.data(using: encoding))
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) { data.removeFirst(2) }
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: [String.Encoding.utf16BigEndian, .utf16LittleEndian])
  func japaneseAozoraTextIsDecoded(_ encoding: String.Encoding) throws {
    let relative = "txt/ja/kokoro_natsume-soseki_aozora-ruby_utf8-lf.txt"
    let path = try reencoded(relative, encoding)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let book = try Book.open(path)
    let name = encoding == .utf16BigEndian ? "UTF-16BE" : "UTF-16LE"
    #expect(book.format == .aozora(encoding: name))
    let original = try Book.open(Corpus.path(relative))
    #expect(book.chapters.count == original.chapters.count)
    #expect(try book.text(ofChapter: 2).string == original.text(ofChapter: 2).string)
  }

  @Test func chineseTextIsDecoded() throws {
    let path = try reencoded("txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt", .utf16BigEndian)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let book = try Book.open(path)
    #expect(book.format == .txt(encoding: "UTF-16BE"))
    #expect(book.metadata.language == "zh-Hant")
    #expect(book.bodyChapters.count == 120)
  }

  @Test func binaryWithNULBytesIsStillRefused() throws {
    var bytes = [UInt8](repeating: 0, count: 4096)
    for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 7919 >> 3) }
    let kind = bytes.withUnsafeBytes { BinarySniffer.binaryKind(of: $0) }
    #expect(kind != nil)
  }
}
