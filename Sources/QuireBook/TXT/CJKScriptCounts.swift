/// Which East Asian writing a sample of text is in, from its characters: kana make it
/// Japanese, Hangul Korean; Chinese is Simplified or Traditional by the common characters
/// each writes differently (们/們, 这/這, 说/說…).
///
/// libexttextcat's n-grams tell Chinese from Japanese badly on Traditional text (many of
/// its ideographs are shared with Japanese), and they cannot tell anything from a short
/// sample; the characters themselves can.
struct CJKScriptCounts {
  var han = 0
  var kana = 0
  var hangul = 0
  var simplified = 0
  var traditional = 0

  /// Counts the characters of `text`.
  init(_ text: Substring.UnicodeScalarView) {
    for scalar in text {
      let value = scalar.value
      switch value {
      case 0x3041...0x309F, 0x30A1...0x30FA: kana += 1
      case 0xAC00...0xD7A3, 0x1100...0x11FF: hangul += 1
      case 0x4E00...0x9FFF:
        han += 1
        if Self.simplifiedOnly.contains(value) {
          simplified += 1
        } else if Self.traditionalOnly.contains(value) {
          traditional += 1
        }
      default: break
      }
    }
  }

  /// The BCP 47 tag the counts point to, or nil when the sample is not East Asian enough
  /// or its Chinese script cannot be told.
  var language: String? {
    guard han + kana + hangul >= 20 else { return nil }
    // Japanese prose is a third or more kana; a Chinese text quoting a little Japanese, or
    // using ー as a dash, has almost none.
    if kana > 0, kana * 10 >= han + kana { return "ja" }
    if hangul > 0, hangul * 2 >= han + hangul { return "ko" }
    if simplified >= 5, simplified >= traditional * 4 { return "zh-Hans" }
    if traditional >= 5, traditional >= simplified * 4 { return "zh-Hant" }
    return nil
  }

  /// Common characters only Simplified Chinese writes this way.
  static let simplifiedOnly = Set(
    "们这说为国过还对学没样经现当点进动么开个实问时给长门见车东书话头亲风马鸟鱼龙语认让记读请该谁边关机间体电听觉从总难将儿无应气义处华乐爱业节众岁阳阴汉军战钱银铁宝贵买卖师张陈刘杨赵孙郑冯许吕苏邓韩谢罗尔们两来会"
      .unicodeScalars.map(\.value))

  /// Their Traditional forms.
  static let traditionalOnly = Set(
    "們這說為國過還對學沒樣經現當點進動麼開個實問時給長門見車東書話頭親風馬鳥魚龍語認讓記讀請該誰邊關機間體電聽覺從總難將兒無應氣義處華樂愛業節眾歲陽陰漢軍戰錢銀鐵寶貴買賣師張陳劉楊趙孫鄭馮許呂蘇鄧韓謝羅爾們兩來會"
      .unicodeScalars.map(\.value))
}
