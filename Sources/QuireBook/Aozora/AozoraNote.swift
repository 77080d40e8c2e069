import Foundation

/// What one Aozora Bunko note (`［＃…］`, 入力者注) says, read from the text between
/// `［＃` and its `］`.
///
/// The forms follow 青空文庫 注記一覧: notes that name the text before them
/// (`［＃「吾輩」に傍点］`), start and end notes around it (`［＃傍点］…［＃傍点終わり］`),
/// block notes over lines (`［＃ここから２字下げ］` … `［＃ここで字下げ終わり］`), notes for a
/// line (`［＃５字下げ］`, `［＃地付き］`, `［＃改ページ］`), gaiji (`※［＃「desc」、第3水準1-85-54］`)
/// and editorial remarks (`［＃「X」は底本では「Y」］`), which a reader does not see.
enum AozoraNote: Equatable {
  /// `「X」は中見出し`: the text X before the note is a heading (1 大, 2 中, 3 小).
  case headingTarget(level: Int, target: Substring)
  /// `中見出し` … `中見出し終わり` within a line.
  case headingStart(level: Int)
  case headingEnd(level: Int)
  /// `ここから中見出し` … `ここで中見出し終わり` over lines.
  case headingBlockStart(level: Int)
  case headingBlockEnd
  /// `「X」に傍点`, `「X」は太字`…: a style for the text X before the note.
  case styleTarget(AozoraInlineStyle, target: Substring)
  /// `傍点` … `傍点終わり` within a line; `name` pairs them.
  case styleStart(AozoraInlineStyle, name: Substring)
  case styleEnd(name: Substring)
  /// `ここから太字` … `ここで太字終わり` over lines.
  case styleBlockStart(AozoraInlineStyle, name: Substring)
  case styleBlockEnd(name: Substring)
  /// `「X」に「よみ」のルビ`: a reading for X.
  case rubyTarget(target: Substring, reading: Substring)
  /// `N字下げ` (and `天からN字下げ`) for the line.
  case indent(Int)
  /// `ここからN字下げ[、折り返してM字下げ]`: first lines indented `first`, wrapped ones `rest`.
  case blockIndent(first: Int, rest: Int)
  case blockIndentEnd
  /// `地付き` (0) or `地からN字上げ` for the line: set against the line's end.
  case bottom(raise: Int)
  case blockBottom(raise: Int)
  case blockBottomEnd
  /// `改ページ`, `改丁`, `改見開き`, `改段`: what follows starts a new page.
  case pageBreak
  /// A character outside the encoding: its description and, when the note gives a JIS X
  /// 0213 plane-row-cell or a Unicode code point, the character.
  case gaiji(description: Substring, character: String?)
  /// An editorial remark (`底本では`, `ママ`): not shown.
  case editorial
  /// A note understood that changes nothing on the page (`ページの左右中央`, `罫囲み`…).
  case ignored
  /// A note Quire does not know.
  case unknown

  /// Reads a note's body; `afterKome` says the text before it ends with `※`, which marks
  /// a gaiji note.
  static func parse(_ body: Substring, afterKome: Bool = false) -> AozoraNote {
    if afterKome || AozoraGaiji.hasCode(body), let gaiji = AozoraGaiji.note(body) {
      return gaiji
    }
    if body.contains("底本では") || body.hasSuffix("」はママ") { return .editorial }
    // ［＃ルビの「あいづりょう」は底本では「あいずりょう」］ and other notes about a reading.
    if body.hasPrefix("ルビの") { return .ignored }
    if body.hasPrefix("「"), let note = targetNote(body) { return note }
    return commandNote(body)
  }

  // MARK: - Notes about the text before them

  /// `「X」<particle><rest>`, split at the last particle so that X may hold quotes itself.
  private static func targetNote(_ body: Substring) -> AozoraNote? {
    var best: Range<Substring.Index>?
    for particle in ["」は", "」に", "」の左に"] {
      if let found = body.range(of: particle, options: .backwards),
        found.lowerBound > body.startIndex,
        best.map({ found.lowerBound > $0.lowerBound }) ?? true
      {
        best = found
      }
    }
    guard let particle = best else { return nil }
    let target = body[body.index(after: body.startIndex)..<particle.lowerBound]
    let rest = body[particle.upperBound...]
    if rest.hasPrefix("底本では") || rest == "ママ" || rest.hasPrefix("ママ") || rest.contains("底本では") {
      return .editorial
    }
    if rest.hasPrefix("「"), rest.hasSuffix("」のルビ") {
      return .rubyTarget(target: target, reading: rest.dropFirst().dropLast(4))
    }
    if let level = headingLevel(rest) { return .headingTarget(level: level, target: target) }
    if let style = AozoraInlineStyle.named(rest) { return .styleTarget(style, target: target) }
    if ignoredTargetNotes.contains(where: { rest.hasSuffix($0) }) { return .ignored }
    return nil
  }

  private static let ignoredTargetNotes = ["小書き", "罫囲み", "枠囲み", "割り注", "分数", "下線", "上線"]

  // MARK: - Commands

  private static func commandNote(_ body: Substring) -> AozoraNote {
    switch body {
    case "改ページ", "改丁", "改見開き", "改段": return .pageBreak
    case "地付き": return .bottom(raise: 0)
    case "ここから地付き": return .blockBottom(raise: 0)
    case "ここで地付き終わり", "ここで字上げ終わり": return .blockBottomEnd
    case "ここで字下げ終わり", "ここで字下げ終了": return .blockIndentEnd
    case "ページの左右中央", "本文終わり", "割り注", "割り注終わり", "": return .ignored
    default: break
    }
    if let raise = number(in: body, between: "地から", and: "字上げ") { return .bottom(raise: raise) }
    if let raise = number(in: body, between: "ここから地から", and: "字上げ") {
      return .blockBottom(raise: raise)
    }
    if let indent = number(in: body, between: "", and: "字下げ")
      ?? number(in: body, between: "天から", and: "字下げ")
    {
      return .indent(indent)
    }
    if body.hasPrefix("ここから"), let note = blockIndent(body.dropFirst(4)) { return note }
    if body.hasPrefix("ここから"), let level = headingLevel(body.dropFirst(4)) {
      return .headingBlockStart(level: level)
    }
    if body.hasPrefix("ここで"), body.hasSuffix("終わり"),
      headingLevel(body.dropFirst(3).dropLast(3)) != nil
    {
      return .headingBlockEnd
    }
    if let level = headingLevel(body) { return .headingStart(level: level) }
    if body.hasSuffix("終わり"), let level = headingLevel(body.dropLast(3)) {
      return .headingEnd(level: level)
    }
    if body.hasPrefix("ここから"), let style = AozoraInlineStyle.named(body.dropFirst(4)) {
      return .styleBlockStart(style, name: body.dropFirst(4))
    }
    if body.hasPrefix("ここで"), body.hasSuffix("終わり"),
      AozoraInlineStyle.named(body.dropFirst(3).dropLast(3)) != nil
    {
      return .styleBlockEnd(name: body.dropFirst(3).dropLast(3))
    }
    if let style = AozoraInlineStyle.named(body) { return .styleStart(style, name: body) }
    if body.hasSuffix("終わり"), AozoraInlineStyle.named(body.dropLast(3)) != nil {
      return .styleEnd(name: body.dropLast(3))
    }
    // 挿絵 (a picture file Quire does not have), 左右中央 and the like.
    if body.hasSuffix("入る") || body.hasPrefix("ここから") || body.hasPrefix("ここで") {
      return .ignored
    }
    return .unknown
  }

  /// `ここからN字下げ`, `ここからN字下げ、折り返してM字下げ`, `ここから改行天付き、折り返してN字下げ`.
  private static func blockIndent(_ rest: Substring) -> AozoraNote? {
    let parts = rest.split(separator: "、", maxSplits: 1)
    guard let first = parts.first else { return nil }
    let start: Int
    if first == "改行天付き" {
      start = 0
    } else if let value = number(in: first, between: "", and: "字下げ") {
      start = value
    } else {
      return nil
    }
    guard parts.count == 2 else { return .blockIndent(first: start, rest: start) }
    guard let wrapped = number(in: parts[1], between: "折り返して", and: "字下げ") else { return nil }
    return .blockIndent(first: start, rest: wrapped)
  }

  /// 1 for 大見出し, 2 for 中見出し, 3 for 小見出し, with or without 同行/窓.
  static func headingLevel(_ name: Substring) -> Int? {
    var name = name
    if name.hasPrefix("同行") || name.hasPrefix("窓") {
      name = name.dropFirst(name.hasPrefix("窓") ? 1 : 2)
    }
    switch name {
    case "大見出し": return 1
    case "中見出し": return 2
    case "小見出し": return 3
    default: return nil
    }
  }

  /// The number N of `<prefix>N<suffix>`, when `text` is exactly that.
  private static func number(in text: Substring, between prefix: String, and suffix: String) -> Int?
  {
    guard text.hasPrefix(prefix), text.hasSuffix(suffix),
      text.count > prefix.count + suffix.count
    else { return nil }
    return AozoraNumber.parse(text.dropFirst(prefix.count).dropLast(suffix.count))
  }
}
