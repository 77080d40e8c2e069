/// A reader's rule for cleaning downloaded texts, after Legado's 替换净化: text (or a
/// regular expression) to replace, what to put instead, and the books it is for.
public struct ReplaceRule: Hashable, Sendable, Codable {
  /// The rule's name, used in messages ("rule “site adverts”").
  public var name: String
  /// The text to find, or an ICU regular expression when `isRegex`.
  public var pattern: String
  /// What replaces it (`$1` names a group of a regular expression); empty removes it.
  public var replacement: String
  public var isRegex: Bool
  /// Words of the file names of the books the rule is for (any one matching, case
  /// ignored); empty: every book.
  public var books: [String]
  public var isEnabled: Bool

  /// Creates a rule.
  public init(
    name: String, pattern: String, replacement: String = "", isRegex: Bool = false,
    books: [String] = [], isEnabled: Bool = true
  ) {
    self.name = name
    self.pattern = pattern
    self.replacement = replacement
    self.isRegex = isRegex
    self.books = books
    self.isEnabled = isEnabled
  }

  /// Whether the rule is for the book in the file `fileName`.
  public func applies(toFileNamed fileName: String) -> Bool {
    guard isEnabled else { return false }
    guard !books.isEmpty else { return true }
    let name = fileName.lowercased()
    return books.contains { !$0.isEmpty && name.contains($0.lowercased()) }
  }
}
