/// A style an Aozora note gives a run of text: emphasis dots, side lines, tate-chū-yoko,
/// bold, italic, small raised or lowered letters, a larger or smaller size.
enum AozoraInlineStyle: Hashable {
  case emphasis(EmphasisMark)
  /// 傍線 and its kinds: a line beside the text (under it when set horizontally).
  case sideLine(TextAttributes.UnderlineStyle)
  /// 縦中横: set upright, side by side, in one em of the column.
  case upright
  case bold
  case italic
  case superscript
  case `subscript`
  /// 「…」は１段階大きな文字 (above 1) or 小さな文字 (below 1).
  case scale(Double)

  /// Applies the style to `attributes`.
  func apply(to attributes: inout TextAttributes) {
    switch self {
    case .emphasis(let mark): attributes.emphasisMark = mark
    case .sideLine(let line): attributes.underline = line
    case .upright: attributes.combinesUpright = .all
    case .bold: attributes.weight = 700
    case .italic: attributes.isItalic = true
    case .superscript: attributes.baselineShift = .superscript
    case .subscript: attributes.baselineShift = .subscript
    case .scale(let scale): attributes.fontScale *= scale
    }
  }

  /// The inline styles a note names, by the name it uses (`傍点`, `白丸傍点`, `太字`…).
  static func named(_ name: Substring) -> AozoraInlineStyle? {
    if let mark = emphasisMarks[String(name)] { return .emphasis(mark) }
    if let line = sideLines[String(name)] { return .sideLine(line) }
    switch name {
    case "縦中横": return .upright
    case "太字": return .bold
    case "斜体": return .italic
    case "上付き小文字", "行右小書き": return .superscript
    case "下付き小文字", "行左小書き": return .subscript
    default: break
    }
    // 「…」は２段階大きな文字
    for (suffix, sign) in [("段階大きな文字", 1.0), ("段階小さな文字", -1.0)] where name.hasSuffix(suffix) {
      guard let steps = AozoraNumber.parse(name.dropLast(suffix.count)), steps > 0 else {
        return nil
      }
      return .scale(sign > 0 ? 1 + 0.2 * Double(min(steps, 5)) : max(0.5, 1 - 0.1 * Double(steps)))
    }
    return nil
  }

  /// 傍点 kinds (注記一覧, 傍点): ゴマ (sesame) is the default, filled.
  private static let emphasisMarks: [String: EmphasisMark] = [
    "傍点": EmphasisMark(shape: .sesame),
    "白ゴマ傍点": EmphasisMark(shape: .sesame, isFilled: false),
    "丸傍点": EmphasisMark(shape: .circle),
    "白丸傍点": EmphasisMark(shape: .circle, isFilled: false),
    "黒三角傍点": EmphasisMark(shape: .triangle),
    "白三角傍点": EmphasisMark(shape: .triangle, isFilled: false),
    "二重丸傍点": EmphasisMark(shape: .doubleCircle, isFilled: false),
    "蛇の目傍点": EmphasisMark(shape: .doubleCircle),
    "ばつ傍点": EmphasisMark(string: "×"),
  ]

  /// 傍線 kinds.
  private static let sideLines: [String: TextAttributes.UnderlineStyle] = [
    "傍線": .single, "二重傍線": .double, "鎖線": .dotted, "破線": .dotted, "点線": .dotted,
    "波線": .wavy,
  ]
}
