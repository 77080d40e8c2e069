import Foundation
import Testing

@testable import QuireBook

/// East Asian texts are told apart by their characters: kana make Japanese, Traditional
/// Chinese without kana is never Japanese, Simplified and Traditional by the characters
/// each writes its own way.
struct CJKLanguageTests {
  private func language(_ text: String) throws -> String? {
    try openText(text).metadata.language
  }

  private let traditional = String(
    repeating:
      "話說天下大勢，分久必合，合久必分。周末七國分爭，并入於秦。及秦滅之後，楚、漢分爭，又并入於漢。漢朝自高祖斬白蛇而起義，一統天下。後來光武中興，傳至獻帝，遂分為三國。\n\n",
    count: 30)

  @Test func traditionalChineseIsNotJapanese() throws {
    #expect(try language(traditional) == "zh-Hant")
  }

  @Test func simplifiedChineseIsSimplified() throws {
    let simplified = String(
      repeating: "话说天下大势，分久必合，合久必分。周末七国分争，并入于秦。及秦灭之后，楚、汉分争，又并入于汉。汉朝自高祖斩白蛇而起义，一统天下。\n\n",
      count: 30)
    #expect(try language(simplified) == "zh-Hans")
  }

  @Test func kanaMakeJapanese() throws {
    let japanese = String(
      repeating: "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。\n\n",
      count: 30)
    #expect(try language(japanese) == "ja")
  }

  @Test func countsTellWhatTheyCan() {
    #expect(CJKScriptCounts(Substring("们这说来").unicodeScalars).language == nil)
    #expect(
      CJKScriptCounts(Substring(String(repeating: "안녕하세요 반갑습니다 ", count: 5)).unicodeScalars)
        .language == "ko")
  }
}
