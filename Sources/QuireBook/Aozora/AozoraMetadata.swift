import Foundation

/// The metadata of an Aozora Bunko text, from its title block: the title first, the
/// author last, a subtitle (and original title) between them; a last line ending in 訳,
/// 編 or 校訂 names a translator or an editor, and the author is the line before it.
enum AozoraMetadata {
  /// Suffixes that mark a contributor other than the author, with their MARC role.
  static let roles: [(suffix: String, role: String)] = [
    ("訳注", "trl"), ("翻訳", "trl"), ("訳", "trl"), ("編集", "edt"), ("編", "edt"), ("校訂", "edt"),
    ("校注", "edt"),
  ]

  /// Title, subtitle and contributors of `block`.
  static func metadata(titleBlock block: [String], fallbackTitle: String) -> Metadata {
    var lines = block.filter { !$0.isEmpty }
    guard let title = lines.first else {
      return Metadata(title: fallbackTitle, language: "ja")
    }
    lines.removeFirst()
    var others: [Metadata.Contributor] = []
    while let last = lines.last, let (name, role) = contributor(last) {
      others.insert(Metadata.Contributor(name: name, role: role), at: 0)
      lines.removeLast()
    }
    var creators: [Metadata.Contributor] = []
    if let author = lines.popLast() {
      creators.append(Metadata.Contributor(name: author, role: "aut"))
    }
    creators += others
    let subtitle = lines.isEmpty ? nil : lines.joined(separator: " ")
    var metadata = Metadata(title: title, subtitle: subtitle, creators: creators, language: "ja")
    metadata.progressesRightToLeft = true
    return metadata
  }

  /// "森鴎外訳" → ("森鴎外", "trl"); nil for a line that names no contributor role.
  private static func contributor(_ line: String) -> (String, String)? {
    for (suffix, role) in roles where line.hasSuffix(suffix) && line.count > suffix.count {
      let name = line.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)
      return name.isEmpty ? nil : (name, role)
    }
    return nil
  }
}
