/// What block notes (`［＃ここから…］` … `［＃ここで…終わり］`) have set for the lines that
/// follow: an indent, a setting against the line's end, a heading, styles.
struct AozoraBlockState: Equatable {
  /// `ここからN字下げ、折り返してM字下げ`: the first line of each paragraph, and the others.
  var indentFirst: Int?
  var indentRest: Int?
  /// `ここから地付き` (0) or `ここから地からN字上げ`.
  var bottomRaise: Int?
  /// `ここから中見出し`: every line until its end is a heading of this level.
  var headingLevel: Int?
  /// `ここから太字` and the like, by name.
  var styles: [NamedStyle] = []

  /// A style a block note started, with the name its end note gives.
  struct NamedStyle: Equatable {
    var name: Substring
    var style: AozoraInlineStyle
  }

  /// Applies a block note; other notes change nothing.
  mutating func apply(_ note: AozoraNote) {
    switch note {
    case .blockIndent(let first, let rest):
      indentFirst = first
      indentRest = rest
    case .blockIndentEnd:
      indentFirst = nil
      indentRest = nil
    case .blockBottom(let raise): bottomRaise = raise
    case .blockBottomEnd: bottomRaise = nil
    case .headingBlockStart(let level): headingLevel = level
    case .headingBlockEnd: headingLevel = nil
    case .styleBlockStart(let style, let name):
      if styles.count < 16 { styles.append(NamedStyle(name: name, style: style)) }
    case .styleBlockEnd(let name):
      if let index = styles.lastIndex(where: { $0.name == name }) { styles.remove(at: index) }
    default: break
    }
  }

  /// Whether a note changes block state.
  static func isBlockNote(_ note: AozoraNote) -> Bool {
    switch note {
    case .blockIndent, .blockIndentEnd, .blockBottom, .blockBottomEnd, .headingBlockStart,
      .headingBlockEnd, .styleBlockStart, .styleBlockEnd:
      true
    default: false
    }
  }
}
