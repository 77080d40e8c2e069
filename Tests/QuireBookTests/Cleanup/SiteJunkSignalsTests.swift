import Testing

@testable import QuireBook

/// A site line is told the same from its bytes as from its string: lowercased alike
/// (ASCII and full-width letters), whole English words alike, and a line of other
/// characters (accents, kana, a stray BOM) read through its string.
@Suite struct SiteJunkSignalsTests {
  static let lines = [
    "本书由「书香小说网」整理收集 www.shuxiang123.com",
    "书友QQ群：123456789，欢迎加入",
    "手机阅读请访问 m.shuxiang123.com 最新章节抢先看",
    "ＷＷＷ．ＳＨＵＸＩＡＮＧ．ＣＯＭ　首发",
    "Typed by Hand, uploaded BY someone",
    "Download the TXT from Example.COM today",
    "ｑｑ群　ＱＱ群",
    "This context is not a site's: a txtbook, a wwwx",
    "Visit us at abc.net.",
    "see.Complete",
    ".com at the start",
    "CHAPTER I",
    "“Yes, yes,” said Prince Andrew. “Download…”",
    "Café Society downloaded from www.example.org",
    "ダウンロード　www.example.jp 最新章节",
    "\u{FEFF}本书由网友上传",
    "红楼梦　第三回",
    "",
  ]

  @Test func bytesAndStringsAgree() {
    for line in Self.lines {
      let utf8 = Array(line.utf8)
      utf8.withUnsafeBufferPointer { bytes in
        #expect(
          SiteJunkSignals.marks(bytes, 0, bytes.count) == SiteJunkSignals.marks(line), "\(line)")
        #expect(
          SiteJunkSignals.isAdvert(bytes, 0, bytes.count) == SiteJunkSignals.isAdvert(line),
          "\(line)")
      }
    }
  }

  @Test func siteLinesAreMarkedFromTheirBytes() {
    for line in Self.lines.prefix(6) {
      let utf8 = Array(line.utf8)
      utf8.withUnsafeBufferPointer { bytes in
        #expect(SiteJunkSignals.marks(bytes, 0, bytes.count), "\(line)")
      }
    }
    for line in ["CHAPTER I", "红楼梦　第三回", "This context is not a site's"] {
      let utf8 = Array(line.utf8)
      utf8.withUnsafeBufferPointer { bytes in
        #expect(!SiteJunkSignals.marks(bytes, 0, bytes.count), "\(line)")
      }
    }
  }
}
