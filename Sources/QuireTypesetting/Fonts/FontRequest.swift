package import QuireBook

/// A run's font wishes, resolved by a `GlyphSource` to one of its faces.
package struct FontRequest: Hashable, Sendable {
  package var family: TextAttributes.FontFamily
  package var weight: Int
  package var isItalic: Bool
  /// The paragraph's (or run's) language: picks the default face (serif vs CJK serif).
  package var language: String

  package init(_ attributes: TextAttributes, language: String) {
    family = attributes.fontFamily
    weight = attributes.weight
    isItalic = attributes.isItalic
    self.language = attributes.language ?? language
  }
}
