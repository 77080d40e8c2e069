import Foundation
import Testing

@testable import QuireBook

/// Broken FictionBooks: each opens as far as it can be read or is refused with a message
/// naming the file, never a crash or a hang.
@Suite struct FB2BadInputTests {
  private func write(_ bytes: [UInt8], named name: String = "bad.fb2") throws -> String {
    let path = try ScratchFolder.make() + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func fixture() throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: FB2ImporterTests.fixture)))
  }

  private static func book(binary: String, limits: ImportLimits = ImportLimits()) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" \
    xmlns:l="http://www.w3.org/1999/xlink">
    <description><title-info><book-title>Pictures</book-title></title-info></description>
    <body><section><title><p>One</p></title><p>Before <image l:href="#pic.png"/> after.</p>
    </section></body>
    <binary id="pic.png" content-type="image/png">\(binary)</binary>
    </FictionBook>
    """
  }

  @Test func aFileCutShortOpensAsFarAsItReads() throws {
    let bytes = try fixture()
    // Cut in the middle of the second part's title: the first part's chapters are whole.
    let marker = Array("<section id=\"part2\">".utf8)
    let start = try #require(
      bytes.indices.first { bytes[$0...].starts(with: marker) })
    let cut = Array(bytes.prefix(start + marker.count + 12))
    let book = try Book.open(try write(cut))
    #expect(book.warnings.contains { $0.message.contains("not well formed") })
    #expect(book.chapters.count >= 3)
    #expect(try book.text(ofChapter: 2).string.contains("Гринёв"))
  }

  @Test func aFileCutBeforeItsBodyIsRefusedByName() throws {
    let bytes = try fixture()
    let path = try write(Array(bytes.prefix(600)))
    let error = #expect(throws: BookError.self) { try Book.open(path) }
    #expect(error?.path == path)
    #expect(error?.detail.contains("no <body>") == true)
  }

  @Test func tagSoupIsRecoveredOrRefusedNeverCrashes() throws {
    let soup = "<FictionBook><body><section><p>one <emphasis>two</p><p>three & four</section>"
    let book = try Book.open(try write(Array(soup.utf8)))
    #expect(try book.text(ofChapter: 0).string.contains("one"))
    let noise = try write(Array("<FictionBook>\u{0}\u{1}<<<>>>&&&".utf8))
    #expect(throws: BookError.self) { try Book.open(noise) }
  }

  @Test func aBrokenBase64ImageIsNamedAndThePageStillOpens() throws {
    let path = try write(Array(Self.book(binary: "@@@ not base64 at all @@@").utf8))
    let book = try Book.open(path)
    let text = try book.text(ofChapter: 0)
    #expect(text.string.contains("Before"))
    let warnings = try book.warnings(ofChapter: 0)
    #expect(warnings.contains { $0.message.contains("binary \"pic.png\"") })
    let attachment = try #require(text.attachments.first)
    #expect(throws: BookError.self) { try book.resource(at: attachment.href) }
  }

  @Test func aHugeBase64ImageIsRefusedWithinTheLimit() throws {
    var options = ImportOptions()
    options.limits.maxEntrySize = 1 << 20
    let huge = String(repeating: "QUJD", count: 1 << 19)  // 2 MiB of base64, 1.5 MiB decoded
    let path = try write(Array(Self.book(binary: huge).utf8))
    let book = try Book.open(path, options: options)
    let text = try book.text(ofChapter: 0)
    let attachment = try #require(text.attachments.first)
    let error = #expect(throws: BookError.self) { try book.resource(at: attachment.href) }
    #expect(error?.detail.contains("more than the limit") == true)
    #expect(try book.warnings(ofChapter: 0).contains { $0.message.contains("more than the limit") })
  }
}
