import Foundation

/// A book's chapters shown in another Chinese script: each chapter's text converted on
/// first use, its styles, rubies, anchors and every offset unchanged.
struct ConvertedContent: BookContent {
  let base: any BookContent
  let converter: ScriptConverter

  func chapter(_ index: Int, of chapter: Chapter) -> ConvertedChapter {
    var converted = base.chapter(index, of: chapter)
    converted.text = Self.converted(converted.text, converter)
    return converted
  }

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    self.chapter(index, of: chapter).text
  }

  func resource(at href: String) throws -> Data {
    try base.resource(at: href)
  }

  /// `text` with its string converted and its paragraphs' languages made the target's
  /// (so the typesetter takes the target's CJK face and rules).
  static func converted(_ text: StyledText, _ converter: ScriptConverter) -> StyledText {
    var result = text
    result.string = converter.convert(text.string)
    let target = converter.conversion.targetLanguage
    let primary = target.prefix(2)
    for index in result.paragraphs.indices {
      guard let language = result.paragraphs[index].value.language, language.hasPrefix(primary)
      else { continue }
      result.paragraphs[index].value.language = target
    }
    return result
  }
}
