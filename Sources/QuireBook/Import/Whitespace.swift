/// Runs of whitespace (including newlines and U+3000) become one space; the ends are
/// trimmed.
///
/// Metadata and TOC labels are written across indented lines in many EPUBs, and TXT
/// headings separate their parts with runs of full-width spaces:
/// "第一回  甄士隐　贾雨村" → "第一回 甄士隐 贾雨村".
func collapsedWhitespace(_ string: String) -> String {
  var result = ""
  var pendingSpace = false
  for scalar in string.unicodeScalars {
    if scalar.properties.isWhitespace {
      pendingSpace = !result.isEmpty
    } else {
      if pendingSpace { result.unicodeScalars.append(" ") }
      pendingSpace = false
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}
