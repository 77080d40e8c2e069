extension LayoutSettings {
  /// Which way the reader wants a book's lines to run.
  public enum WritingModeChoice: String, Hashable, Sendable, Codable, CaseIterable {
    /// As the book says (CSS `writing-mode`): vertical Japanese stays vertical.
    case auto
    /// Every book horizontal, whatever its CSS says.
    case horizontal
    /// Chinese, Japanese and Korean books vertical (right to left), even when the book is
    /// horizontal; books in other languages as the book says.
    case vertical
  }
}
