import Foundation

/// Plain text of an HTML fragment: tags removed, the common entities decoded, whitespace
/// collapsed. For `dc:description`, which books often fill with escaped HTML.
func strippingTags(_ html: String) -> String {
  guard html.contains("<") || html.contains("&") else { return collapsedWhitespace(html) }
  var text = ""
  var tag: String?
  for character in html {
    if character == "<" {
      tag = ""
    } else if character == ">", let name = tag {
      // Block boundaries separate words; inline tags (<i>War and Peace</i>,) must not.
      let element = name.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
      if blockElements.contains(element) { text.append(" ") }
      tag = nil
    } else if tag != nil {
      tag?.append(character)
    } else {
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

/// Elements whose boundaries separate words when tags are stripped.
private let blockElements: Set<String> = [
  "p", "br", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote",
  "tr", "td", "th", "section", "hr", "dd", "dt",
]
