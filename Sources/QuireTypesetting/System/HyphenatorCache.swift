/// Hyphenation dictionaries by language, loaded once per glyph source.
///
/// Lives as long as the `FontContext` (a book), not a chapter's paginator: loading
/// an English dictionary takes tens of milliseconds, and its per-word cache is the
/// book's.
package final class HyphenatorCache {
  private var loaded: [String: Hyphenator?] = [:]

  package init() {}

  /// The dictionary for a BCP 47 language, nil when none is installed.
  package func hyphenator(for language: String) -> Hyphenator? {
    if let found = loaded[language] { return found }
    let hyphenator = Hyphenator(language: language)
    loaded[language] = hyphenator
    return hyphenator
  }
}
