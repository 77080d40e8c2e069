extension CSSDeclaration {
  /// Parses `writing-mode` (with its `-epub-`, `-webkit-` and old SVG spellings) and
  /// `text-combine-upright` (with `-webkit-text-combine` and `-epub-text-combine`) and
  /// `text-orientation` (with `-epub-` and `-webkit-`; the old `sideways-right` and
  /// `vertical-right` as CSS maps them); nil for other properties.
  ///
  /// `vertical-lr` (Mongolian) and `sideways-*` are left horizontal: Quire sets only
  /// vertical right to left.
  static func parseWritingMode(property: String, value: Substring) -> [CSSDeclaration]? {
    switch property {
    case "writing-mode", "-epub-writing-mode", "-webkit-writing-mode":
      switch value {
      case "vertical-rl", "tb-rl", "tb": return [.writingMode(.verticalRightToLeft)]
      case "horizontal-tb", "lr-tb", "lr", "rl-tb", "rl": return [.writingMode(nil)]
      default: return []
      }
    case "text-combine-upright", "-webkit-text-combine", "-epub-text-combine",
      "-ms-text-combine-horizontal":
      let words = value.split(separator: " ")
      switch words.first {
      case "all", "horizontal": return [.combineUpright(.all)]
      case "none": return [.combineUpright(nil)]
      case "digits":
        let count = words.dropFirst().first.flatMap { Int($0) } ?? 2
        return (2...4).contains(count) ? [.combineUpright(.digits(count))] : []
      default: return []
      }
    case "text-orientation", "-epub-text-orientation", "-webkit-text-orientation":
      switch value {
      case "mixed", "vertical-right", "use-glyph-orientation": return [.textOrientation(nil)]
      case "upright": return [.textOrientation(.upright)]
      case "sideways", "sideways-right": return [.textOrientation(.sideways)]
      default: return []
      }
    default:
      return nil
    }
  }
}
