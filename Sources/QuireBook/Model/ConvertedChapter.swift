/// A chapter's text and what went wrong making it.
package struct ConvertedChapter: Sendable {
  package var text: StyledText
  package var warnings: [ImportWarning]

  /// Pairs a text with its warnings.
  package init(text: StyledText, warnings: [ImportWarning]) {
    self.text = text
    self.warnings = warnings
  }
}
