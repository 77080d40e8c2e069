import Foundation

/// Runs of whitespace (including newlines) become one space; the ends are trimmed.
///
/// Metadata and TOC labels are written across indented lines in many books.
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

/// Plain text of an HTML fragment: tags removed, the common entities decoded, whitespace
/// collapsed. For `dc:description`, which books often fill with escaped HTML.
func strippingTags(_ html: String) -> String {
  guard html.contains("<") || html.contains("&") else { return collapsedWhitespace(html) }
  var text = ""
  var inTag = false
  for character in html {
    if character == "<" {
      inTag = true
      text.append(" ")
    } else if character == ">" && inTag {
      inTag = false
    } else if !inTag {
      text.append(character)
    }
  }
  let entities = [
    ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
    ("&nbsp;", " "), ("&amp;", "&"),
  ]
  for (entity, replacement) in entities {
    text = text.replacingOccurrences(of: entity, with: replacement)
  }
  return collapsedWhitespace(text)
}
