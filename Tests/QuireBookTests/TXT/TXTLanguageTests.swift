import Testing

@testable import QuireBook

/// A TXT's language is told from its text (libexttextcat), Traditional Chinese apart
/// from Simplified.
@Suite struct TXTLanguageTests {
  private static func language(of paragraph: String) throws -> String? {
    try openText(Array(repeating: paragraph, count: 6).joined(separator: "\n\n")).metadata
      .language
  }

  @Test func europeanLanguagesAreToldApart() throws {
    #expect(
      try Self.language(
        of: "Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in "
          + "seinem Bett zu einem ungeheueren Ungeziefer verwandelt.") == "de")
    #expect(
      try Self.language(
        of: "Longtemps, je me suis couché de bonne heure. Parfois, à peine ma bougie "
          + "éteinte, mes yeux se fermaient si vite que je n'avais pas le temps de me dire.")
        == "fr")
    #expect(
      try Self.language(
        of: "It was the best of times, it was the worst of times, it was the age of wisdom, "
          + "it was the age of foolishness.") == "en")
  }

  @Test func traditionalAndSimplifiedChineseAreToldApart() throws {
    #expect(
      try Self.language(of: "话说天下大势，分久必合，合久必分。周末七国分争，并入于秦。及秦灭之后，楚、汉分争，又并入于汉。")
        == "zh-Hans")
    #expect(
      try Self.language(of: "話說天下大勢，分久必合，合久必分。周末七國分爭，并入於秦。及秦滅之後，楚、漢分爭，又并入於漢。")
        == "zh-Hant")
  }

  @Test(
    .enabled(if: Corpus.isAvailable, Corpus.skipMessage),
    arguments: [
      ("txt/de/die-verwandlung_pg22367_utf8.txt", "de"),
      ("txt/en/alice-in-wonderland_pg11_utf8.txt", "en"),
      ("txt/zh/hongloumeng_simplified_gb18030.txt", "zh-Hans"),
      ("txt/zh/sanguoyanyi_simplified_gbk-native.txt", "zh-Hans"),
      ("txt/zh/sanguoyanyi_traditional_big5-cp950.txt", "zh-Hant"),
      ("txt/zh/sanguoyanyi_traditional_pg23950_utf8.txt", "zh-Hant"),
    ])
  func corpusBooksHaveTheirLanguage(_ path: String, _ language: String) throws {
    let book = try Book.open(Corpus.path(path))
    #expect(book.metadata.language == language)
  }
}
