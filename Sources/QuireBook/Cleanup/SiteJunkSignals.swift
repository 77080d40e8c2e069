import Foundation

/// The marks of a download site's line: its address, the credits it adds ("本书由…整理",
/// "输入", "typed by"), a QQ group, its app, a call for votes or subscriptions.
enum SiteJunkSignals {
  /// Words of a site's line in Simplified and Traditional Chinese.
  static let words = [
    "ｗｗｗ", "ＷＷＷ", "．ｃｏｍ", "．ＣＯＭ", "ＱＱ", "输入", "輸入", "本书由", "本書由", "本书来自", "本書來自",
    "整理", "下载", "下載", "小说网", "小說網", "首发", "首發", "最新章节", "最新章節", "手打", "书友", "書友",
    "书城", "書城", "阅读网", "閱讀網", "论坛", "論壇", "群号", "群號", "求收藏", "求推荐", "求推薦", "月票",
    "推荐票", "推薦票", "订阅", "訂閱", "打赏", "打賞", "更新最快", "无弹窗", "無彈窗", "网址", "網址", "手机阅读",
    "手機閱讀", "百度搜索", "敬请记住", "敬請記住", "请记住", "請記住",
  ]

  /// English words of a site's line, matched as whole words (so "context" is not "txt").
  static let englishWords = [
    "www", "http", "https", "qq", "txt", "typed by", "scanned by", "input by", "uploaded by",
    "downloaded from",
  ]

  /// Words that make a line with a web address an advert even when it appears once.
  static let advertWords = [
    "下载", "下載", "整理", "本书由", "本書由", "首发", "首發", "最新章节", "最新章節", "网址", "網址", "记住",
    "記住", "访问", "訪問", "小说网", "小說網", "download", "visit",
  ]

  /// The ends of a site's address ("name.com").
  static let domainSuffixes = [
    ".com", ".net", ".org", ".cc", ".cn", ".la", ".me", ".info", ".tw", ".co", ".xyz", ".top",
  ]

  /// Whether a repeated line carries a site's mark.
  static func marks(_ line: String) -> Bool {
    let lowered = line.lowercased()
    if words.contains(where: { lowered.contains($0) }) { return true }
    if englishWords.contains(where: { containsWord($0, in: lowered) }) { return true }
    return hasDomain(lowered)
  }

  /// Whether a single line is a site's advert: a web address and one of `advertWords`.
  static func isAdvert(_ line: String) -> Bool {
    let lowered = line.lowercased()
    guard hasDomain(lowered) || lowered.contains("www") || lowered.contains("ｗｗｗ") else {
      return false
    }
    return advertWords.contains { lowered.contains($0) }
  }

  /// Whether `word` occurs in `text` with no ASCII letter just before or after it.
  static func containsWord(_ word: String, in text: String) -> Bool {
    var searchStart = text.startIndex
    while let range = text.range(of: word, range: searchStart..<text.endIndex) {
      let before =
        range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
      let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
      if !(before.isASCII && before.isLetter), !(after.isASCII && after.isLetter) { return true }
      searchStart = range.upperBound
    }
    return false
  }

  /// "name.com", "abc.net"… or a full-width "．ｃｏｍ".
  static func hasDomain(_ lowered: String) -> Bool {
    for suffix in domainSuffixes {
      guard let range = lowered.range(of: suffix), range.lowerBound > lowered.startIndex else {
        continue
      }
      let before = lowered[lowered.index(before: range.lowerBound)]
      let after = range.upperBound < lowered.endIndex ? lowered[range.upperBound] : " "
      if before.isASCII, before.isLetter || before.isNumber, !(after.isASCII && after.isLetter) {
        return true
      }
    }
    return false
  }
}
