import Foundation
import QuireBook
import Testing

@testable import QuireTypesetting

/// The Swift line-break analysis gives exactly libunibreak's result (`set_linebreaks_utf16`).
@Suite struct LineBreakAnalyzerTests {
  /// Languages as the paginator passes them: the settings default, detected "zh", EPUB tags,
  /// and languages with their own libunibreak tables.
  static let languages = [
    "en-US", "en", "zh", "zh-CN", "zh-TW", "ja", "de", "fr", "es", "ru", "ar", "",
  ]

  /// Compares both analyses; returns whether the Swift tables handled the text themselves.
  @discardableResult
  static func expectSame(
    _ units: [UInt16], _ language: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    // A lone lead surrogate is an unfinished character to libunibreak, which then sets no
    // status at all (the byte stays uninitialised): nothing to compare.
    if units.count == 1, UTF16.isLeadSurrogate(units[0]) { return false }
    return units.withUnsafeBufferPointer { text in
      let reference = LineBreakAnalyzer.referenceOpportunities(text, language: language)
      let fast = LineBreakAnalyzer.rules(for: language).opportunities(text)
      let used = LineBreakAnalyzer.opportunities(text, language: language)
      if used != reference || (fast != nil && fast != reference) {
        Issue.record(
          "\(language): \(hex(units)) gives \(fast.map { "\($0)" } ?? "fallback") \(used), libunibreak \(reference)",
          sourceLocation: sourceLocation)
      }
      return fast != nil
    }
  }

  static func hex(_ units: [UInt16]) -> String {
    units.prefix(40).map { String($0, radix: 16) }.joined(separator: " ")
  }

  /// UTF-16 of one code point.
  static func units(_ scalar: UInt32) -> [UInt16] {
    guard scalar > 0xFFFF else { return [UInt16(scalar)] }
    return [
      UInt16(0xD800 + ((scalar - 0x10000) >> 10)), UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF)),
    ]
  }

  /// Characters of every class: both ends of up to six ranges of each class, surrogates alone,
  /// and the controls and spaces the rules treat specially.
  static func pool(_ language: String) -> [[UInt16]] {
    let rules = LineBreakAnalyzer.rules(for: language)
    var perClass = [Int](repeating: 0, count: 64)
    var scalars: [UInt32] = []
    // No regional indicators: libunibreak aborts on them (the Swift path sends them there).
    for range in rules.overrides + rules.defaults
    where perClass[Int(range.lineBreakClass)] < 6 && range.lineBreakClass != LineBreakClass.ri {
      perClass[Int(range.lineBreakClass)] += 1
      scalars += [range.start, range.end]
    }
    scalars += [
      0x20, 0x20, 0x20, 0x0A, 0x0D, 0x0D, 0x85, 0x0B, 0x0C, 0x2028, 0x2029, 0x200B, 0x2060,
      0xFEFF, 0x0301, 0x0300, 0x00AD, 0x3000, 0x3001, 0x3002, 0xFF0C, 0x201C, 0x201D, 0x2018,
      0x2019, 0x2014, 0x2026, 0x0378, 0xFFFE, 0xFFFC, 0xE000, 0x1F600, 0x20000, 0x10FFFF, 0xE0001,
      0x61, 0x41, 0x2E, 0x2C, 0x22, 0x27, 0x28, 0x29, 0x2D, 0x31, 0x24, 0x25, 0x4E00, 0x0E01,
    ]
    return scalars.map(units) + [[0xD800], [0xDBFF], [0xDC00], [0xDFFF]]
  }

  @Test(arguments: languages)
  func everyStringOfUpToThreeClassRepresentatives(language: String) {
    let rules = LineBreakAnalyzer.rules(for: language)
    var representatives = rules.representatives()
    representatives[Int(LineBreakClass.ri)] = nil
    let items = representatives.compactMap { $0 }.map(Self.units) + [[0xD800]]
    for a in items {
      Self.expectSame(a, language)
      for b in items {
        Self.expectSame(a + b, language)
        for c in items { Self.expectSame(a + b + c, language) }
      }
    }
  }

  /// Every paragraph of every corpus book, with the language the paginator gives it; under a
  /// sanitizer (`scripts/sanitize`), of the smaller books of each kind only, which call
  /// libunibreak the same way without the minutes the long ones take there.
  @Test(
    .tags(.corpus), .unlessSkipping(.corpus), .enabled(if: Corpus.isAvailable, Corpus.skipMessage),
    arguments: ProcessInfo.processInfo.environment["QUIRE_SANITIZER"] == nil
      ? corpusBooks : sanitizerBooks)
  func everyParagraphOfTheCorpus(relative: String) throws {
    let book = try Book.open(Corpus.path(relative))
    var paragraphs = 0
    var fast = 0
    for index in book.readingOrder {
      let text = try book.text(ofChapter: index)
      let units = Array(text.string.utf16)
      for paragraph in collectParagraphs(text, units: units, defaultLanguage: "en-US") {
        let content = Array(units[paragraph.contentRange])
        guard !content.isEmpty else { continue }
        paragraphs += 1
        if Self.expectSame(content, paragraph.language) { fast += 1 }
      }
    }
    #expect(paragraphs > 0)
    // Plain-text books never need libunibreak itself; in EPUBs only paragraphs with a space
    // or a second break right after a mandatory break (<br/> then indentation) may.
    if relative.hasPrefix("txt/") {
      #expect(fast == paragraphs, "\(paragraphs - fast) of \(paragraphs) paragraphs fell back")
    } else {
      #expect(fast * 10 >= paragraphs * 7, "\(paragraphs - fast) of \(paragraphs) fell back")
    }
  }

  static let corpusBooks = [
    "txt/en/war-and-peace_pg2600_utf8-bom-crlf.txt", "txt/en/war-and-peace_pg2600_latin1.txt",
    "txt/en/pride-and-prejudice_pg1342_utf8.txt", "txt/en/alice-in-wonderland_pg11_utf8.txt",
    "txt/zh/hongloumeng_simplified_utf8-crlf.txt", "txt/zh/hongloumeng_simplified_gb18030.txt",
    "txt/zh/hongloumeng_simplified_utf16le-bom.txt",
    "txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt",
    "txt/zh/sanguoyanyi_traditional_big5-cp950.txt", "txt/zh/sanguoyanyi_simplified_gbk-native.txt",
    "epub/idpf-moby-dick.epub", "epub/idpf-childrens-literature.epub",
    "epub/idpf-georgia-cfi.epub", "epub/idpf-accessible_epub_3.epub",
    "epub/idpf-cole-voyage-of-life.epub", "epub/idpf-wasteland-otf-obf.epub",
    "epub/idpf-regime-anticancer-arabic.epub", "epub/se-the-brothers-karamazov.epub",
    "epub/se-war-and-peace.epub", "epub/se-the-adventures-of-sherlock-holmes.epub",
    "epub/pg11-alice-in-wonderland_epub2-ncx.epub", "bad/invalid-utf8.txt",
    "bad/malformed-xhtml.epub",
  ]

  /// English, Chinese (Big5) and Arabic, TXT and EPUB, and the broken files: 13 s of the
  /// 157 s every book took under AddressSanitizer.
  static let sanitizerBooks = [
    "txt/en/alice-in-wonderland_pg11_utf8.txt", "txt/zh/sanguoyanyi_traditional_big5-cp950.txt",
    "epub/idpf-georgia-cfi.epub", "epub/idpf-cole-voyage-of-life.epub",
    "epub/idpf-wasteland-otf-obf.epub", "epub/idpf-regime-anticancer-arabic.epub",
    "epub/pg11-alice-in-wonderland_epub2-ncx.epub", "bad/invalid-utf8.txt",
    "bad/malformed-xhtml.epub",
  ]

  /// Flags (regional-indicator pairs) and U+FFFF make libunibreak 1.1 abort: the analysis
  /// never hands them to it, on the Swift path or after a mandatory break (its fallback).
  @Test(arguments: ["en-US", "zh-CN"])
  func flagsAndNoncharactersAreAnalysedWithoutTheLibrary(language: String) {
    let france = Self.units(0x1F1EB) + Self.units(0x1F1F7)
    let japan = Self.units(0x1F1EF) + Self.units(0x1F1F5)
    let texts: [[UInt16]] = [
      Array("Flags ".utf16) + france + Array(" and ".utf16) + france + japan + Array(".".utf16),
      Array("a".utf16) + france, france, france + [0x20] + japan, [0x61, 0xFFFF, 0x62, 0x20, 0x63],
      // U+2028 then a space: the case the Swift rules leave to libunibreak.
      Array("line\u{2028} next ".utf16) + france + [0xFFFF] + Array(" end".utf16),
    ]
    for text in texts {
      let breaks = text.withUnsafeBufferPointer {
        LineBreakAnalyzer.opportunities($0, language: language)
      }
      #expect(breaks.count == text.count)
      #expect(breaks.last == LineBreakAnalyzer.Opportunity.mandatory.rawValue)
    }
    let flag = (Array("x ".utf16) + france).withUnsafeBufferPointer {
      LineBreakAnalyzer.opportunities($0, language: language)
    }
    // "x", " ", lead, trail (no break inside the first indicator), lead, trail (end).
    #expect(flag[1] == LineBreakAnalyzer.Opportunity.allowed.rawValue)
    #expect(flag[2] == LineBreakAnalyzer.Opportunity.insideCharacter.rawValue)
    #expect(flag[3] == LineBreakAnalyzer.Opportunity.none.rawValue)
    #expect(flag[5] == LineBreakAnalyzer.Opportunity.mandatory.rawValue)
  }

  @Test(arguments: languages)
  func randomStringsOfAllClasses(language: String) {
    let pool = Self.pool(language)
    var generator = SplitMix(seed: 0x5175_6972_6500 ^ UInt64(language.utf8.count))
    var fast = 0
    for _ in 0..<30_000 {
      var units: [UInt16] = []
      for _ in 0..<Int.random(in: 1...24, using: &generator) {
        units += pool.randomElement(using: &generator)!
      }
      if Self.expectSame(units, language) { fast += 1 }
    }
    // Only a space or break right after a mandatory break (frequent in these strings) and a
    // lone lead surrogate send a string to libunibreak here.
    #expect(fast > 25_000, "\(fast) of 30000 on the fast path")
  }
}

/// A small seeded generator, so random tests are the same on every run.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
