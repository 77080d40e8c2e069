import Foundation
import Testing

@testable import QuireBook

/// Chapter texts of TXT books are built on first use from measured paragraphs: they must
/// be exactly what the former eager import built, agree with the lengths announced at
/// open, and be safe to load from many tasks at once.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
struct TXTLazyChapterTests {
  /// Digests of every chapter's text of these books as the eager import (before chapter
  /// texts were built lazily) produced them; see `digest(_:)`. Updated once, deliberately,
  /// when body paragraphs after the first got a first-line indent (blank lines between
  /// paragraphs do not show on a page) and headings a larger size; Alice's again when its
  /// `_italic_` words lost their underscores and became italic runs; all of them when
  /// headings were centred (title line under "CHAPTER I." on a line of its own), scene
  /// breaks centred, title-page lines centred and indented letters joined into quotes;
  /// War and Peace (UTF-8) when its indented "* …" translator's notes became smaller notes;
  /// Alice, War and Peace (UTF-8) and the Big5 三國 (whose PUA characters became spaces at
  /// line starts) when verse lines kept their indentation beyond the poem's; the Chinese
  /// books when their paragraphs' language became "zh-Hans" or "zh-Hant" (libexttextcat);
  /// Alice (its contents list) and War and Peace (the Gutenberg licence) when two spaces
  /// after a sentence became one; the UTF-8 三國 when its eight U+F020 became spaces (it
  /// now digests as its Big5 copy, where the corpus made the same change), and both 三國
  /// when a hard-wrapped speech in chapter 91, one of whose lines opened with that space,
  /// stopped being set as verse (Chinese prose wrapped by hand is joined).
  static let eagerDigests: [(file: String, digest: String)] = [
    ("txt/en/alice-in-wonderland_pg11_utf8.txt", "6db753f35df98a7a"),
    ("txt/en/war-and-peace_pg2600_latin1.txt", "5777c1a763b6b0ea"),
    ("txt/en/war-and-peace_pg2600_utf8-bom-crlf.txt", "c9e3f09dca1252ca"),
    ("txt/zh/hongloumeng_simplified_gb18030.txt", "1773825817963243"),
    ("txt/zh/hongloumeng_simplified_utf16le-bom.txt", "1773825817963243"),
    ("txt/zh/sanguoyanyi_traditional_big5-cp950.txt", "a83188ab490490ea"),
    ("txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt", "a83188ab490490ea"),
    ("bad/invalid-utf8.txt", "4b3deea21881524c"),
    ("bad/single-line-5mb-nospace.txt", "d0e05023a387585d"),
  ]

  /// FNV-1a over each chapter's string, paragraph ranges and the style fields TXT import
  /// sets, and character runs.
  static func digest(_ book: Book) throws -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ string: String) {
      for byte in string.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    for index in book.chapters.indices {
      let text = try book.text(ofChapter: index)
      mix(text.string)
      for paragraph in text.paragraphs {
        let style = paragraph.value
        mix(
          "\(paragraph.range.lowerBound)-\(paragraph.range.upperBound) \(style.role) "
            + "\(style.alignment) \(style.firstLineIndent) \(style.leftIndent) "
            + "\(style.hyphenation) \(style.language ?? "-");")
      }
      for run in text.runs {
        mix("\(run.range.lowerBound)-\(run.range.upperBound) \(run.value == TextAttributes());")
      }
      mix("\u{0}")
    }
    return String(hash, radix: 16)
  }

  @Test(arguments: eagerDigests.map(\.file))
  func chapterTextsAreThoseOfTheEagerImport(_ file: String) throws {
    let book = try Book.open(Corpus.path(file))
    let expected = try #require(Self.eagerDigests.first { $0.file == file }).digest
    let actual = try Self.digest(book)
    #expect(actual == expected, "\(file): chapter texts now digest to \(actual)")
  }

  /// Every chapter's text is what `StyledTextBuilder` makes of its paragraphs, and as long
  /// as the chapter said at open.
  @Test(arguments: [
    "txt/en/war-and-peace_pg2600_utf8-bom-crlf.txt",
    "txt/zh/hongloumeng_simplified_utf8-crlf.txt",
    "txt/en/alice-in-wonderland_pg11_utf8.txt",
  ])
  func textsKeepTheBuilderInvariantsAndAnnouncedLengths(_ file: String) throws {
    let book = try Book.open(Corpus.path(file))
    for index in book.chapters.indices {
      let text = try book.text(ofChapter: index)
      #expect(book.chapters[index].estimatedLength == text.length, "chapter \(index)")
      var builder = StyledTextBuilder()
      for paragraph in text.paragraphs {
        // Headings are larger, emphasis italic or bold: the paragraph's runs, clipped.
        builder.beginParagraph(paragraph.value)
        let content = paragraph.range.lowerBound..<(paragraph.range.upperBound - 1)
        for run in text.runs where run.range.overlaps(content) {
          let piece = run.range.clamped(to: content)
          builder.append(text.substring(piece), run.value)
        }
        builder.endParagraph()
      }
      #expect(builder.build() == text, "chapter \(index)")
    }
  }

  @Test func chaptersLoadedFromManyTasksAtOnceAreTheSame() async throws {
    let path = Corpus.path("txt/en/war-and-peace_pg2600_latin1.txt")
    let reference = try Book.open(path)
    let shared = try Book.open(path)
    let count = shared.chapters.count
    let loaded = try await withThrowingTaskGroup(of: [Int: StyledText].self) { group in
      for task in 0..<8 {
        group.addTask {
          var texts: [Int: StyledText] = [:]
          // Each task walks the chapters from a different start, so they collide.
          for step in 0..<count {
            let index = (step * 7 + task * count / 8) % count
            texts[index] = try shared.text(ofChapter: index)
          }
          return texts
        }
      }
      var all: [[Int: StyledText]] = []
      for try await texts in group { all.append(texts) }
      return all
    }
    #expect(loaded.count == 8)
    for index in 0..<count {
      let expected = try reference.text(ofChapter: index)
      #expect(loaded.allSatisfy { $0[index] == expected }, "chapter \(index)")
    }
  }

  @Test func aHugeOneLineParagraphIsCutWithoutLosingABit() throws {
    let path = Corpus.path("bad/single-line-5mb-nospace.txt")
    let book = try Book.open(path)
    let original = try String(contentsOfFile: path, encoding: .utf8)
    let joined = try book.chapters.indices.map { index in
      try book.text(ofChapter: index).string.replacingOccurrences(of: "\n", with: "")
    }.joined()
    #expect(book.chapters.count > 100)
    #expect(joined == original)
  }

  @Test func aHugeHardWrappedParagraphIsJoinedThenCut() throws {
    let lines = (0..<3000).map { "Line \($0) of a paragraph that never ends, wrapped hard." }
    let path = try ScratchFolder.file("huge-paragraph.txt")
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let book = try Book.open(path)
    let texts = try book.chapters.indices.map { try book.text(ofChapter: $0) }
    let paragraphs = texts.flatMap { text in text.paragraphs.map { text.substring($0.range) } }
    #expect(paragraphs.count > 5)
    #expect(paragraphs.allSatisfy { $0.utf16.count <= 2 * ParagraphSplitter.maxParagraphLength })
    // Cuts fall after a space, which stays at the end of the piece before.
    #expect(paragraphs.map { $0.dropLast() }.joined() == lines.joined(separator: " "))
    for (index, text) in texts.enumerated() {
      #expect(book.chapters[index].estimatedLength == text.length)
    }
  }
}
