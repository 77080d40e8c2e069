import Foundation
package import QuireBook

/// A run's font wishes, resolved by a `GlyphSource` to one of its faces.
package struct FontRequest: Hashable, Sendable {
  package var family: TextAttributes.FontFamily
  package var weight: Int
  package var isItalic: Bool
  /// The paragraph's (or run's) language: picks the default face (serif vs CJK serif).
  package var language: String
  /// The book's embedded face for the first family of the list that the book embeds,
  /// chosen by CSS font matching; nil when the list names none (or embedded fonts are off).
  package var embedded: FontFace?

  /// The request for a run; `faces` are the chapter's embedded fonts.
  package init(_ attributes: TextAttributes, language: String, faces: [FontFace] = []) {
    family = attributes.fontFamily
    weight = attributes.weight
    isItalic = attributes.isItalic
    self.language = attributes.language ?? language
    if !faces.isEmpty, case .named(let list) = attributes.fontFamily {
      for name in list.split(separator: ",") {
        let name = name.trimmingCharacters(in: .whitespaces)
        if let face = FontFace.match(
          in: faces, family: name, weight: weight, isItalic: isItalic)
        {
          embedded = face
          break
        }
      }
    }
  }
}
