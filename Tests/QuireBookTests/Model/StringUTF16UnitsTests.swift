import Testing

@testable import QuireBook

/// `String.utf16Units`, the chapter text as layout reads it, equals `Array(string.utf16)`.
@Suite struct StringUTF16UnitsTests {
  @Test(arguments: [
    "", "Well, Prince, so Genoa and Lucca are now just family estates.",
    "第一回　甄士隱夢幻識通靈　賈雨村風塵懷閨秀", "café – “naïve” ½ ß", "emoji 📖 and 𠀀 astral 𝄞!",
    "mixed 中文 and English, 「引号」。\n\u{2028}\u{FFFC}\u{AD}",
  ])
  func theUnitsAreTheStringsUTF16(_ text: String) {
    #expect(text.utf16Units == Array(text.utf16))
  }

  @Test func everyScalarRoundTrips() {
    var scalars = String.UnicodeScalarView()
    for value in stride(from: 0, through: 0x10FFFF, by: 7) {
      if let scalar = Unicode.Scalar(UInt32(value)) { scalars.append(scalar) }
    }
    let text = String(scalars)
    #expect(text.utf16Units == Array(text.utf16))
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aChineseNovelsChaptersMatch() throws {
    let book = try Book.open(Corpus.path("txt/zh/hongloumeng_simplified_utf8-crlf.txt"))
    for index in book.readingOrder.prefix(10) {
      let text = try book.text(ofChapter: index).string
      #expect(text.utf16Units == Array(text.utf16))
    }
  }
}
