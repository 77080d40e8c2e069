import Foundation

extension DictionaryShelf {
  /// Looks `word` up in the dictionaries chosen for `language`.
  ///
  /// Each dictionary is asked for the word as written (case folded as the dictionary
  /// sorts), then, when it lacks it and its words are English, for the base forms
  /// `EnglishLemmatizer` gives, the first it knows winning. A dictionary that cannot be
  /// read is reported in `problems` and the others still answer.
  ///
  /// - Parameters:
  ///   - word: the word as selected: curly apostrophes, a possessive and the punctuation
  ///     around it are taken off.
  ///   - language: the BCP 47 language of the book (or of the word); nil asks every
  ///     dictionary in `preferred`.
  ///   - preferred: the reader's `dictionaries` preference — ids (or names) of the
  ///     dictionaries to use, in order; empty for all.
  ///   - only: ids or names of the only dictionaries to ask, whatever the language
  ///     (`quire lookup --dictionary`).
  public func lookUp(
    _ word: String, language: String? = nil, preferred: [String] = [], only: [String] = []
  ) -> LookupResult {
    let asked = word.trimmingWhitespace
    let choice = choose(language: language, preferred: preferred, only: only)
    var result = LookupResult(
      word: asked, language: language, definitions: [], consulted: [], problems: [],
      advice: choice.advice)
    guard !asked.isEmpty else { return result }
    for info in choice.dictionaries {
      do throws(LookupError) {
        let definition = try withDictionary(info) { dictionary throws(LookupError) in
          var named = info
          named.name = dictionary.displayName
          result.consulted.append(named)
          return try Self.define(asked, in: dictionary, info: named, language: language)
        }
        if let definition { result.definitions.append(definition) }
      } catch {
        result.problems.append(error)
      }
    }
    return result
  }

  /// The dictionaries for a look-up, and what to install when none suits it.
  public func choose(language: String?, preferred: [String] = [], only: [String] = [])
    -> (dictionaries: [DictionaryInfo], advice: String?)
  {
    if !only.isEmpty { return (named(only), nil) }
    let pool = preferred.isEmpty ? dictionaries : named(preferred)
    guard !dictionaries.isEmpty else { return ([], InstallAdvice.nothingInstalled) }
    guard let language else { return (pool, nil) }
    // The language's own dictionaries and those of no stated language; when none is the
    // language's own, every dictionary, and what to install.
    let serving = pool.filter { info in
      info.sourceLanguage.map { DictionaryLanguage.matches($0, language) } ?? false
    }
    guard !serving.isEmpty else { return (pool, InstallAdvice.forLanguage(language)) }
    return (pool.filter { $0.sourceLanguage == nil || serving.contains($0) }, nil)
  }

  /// The dictionaries whose id or name is in `names`, in that order.
  private func named(_ names: [String]) -> [DictionaryInfo] {
    names.compactMap(dictionary(named:))
  }

  /// The dictionary with this id, or this name (any case): the name it gives itself,
  /// which a dictd database says only once opened, so those are opened to ask.
  public func dictionary(named name: String) -> DictionaryInfo? {
    let matches = { (other: String) in other.caseInsensitiveCompare(name) == .orderedSame }
    if let found = dictionaries.first(where: { $0.id == name || matches($0.name) }) {
      return found
    }
    return dictionaries.first { info in
      info.format == .dictd && ((try? withDictionary(info) { matches($0.displayName) }) ?? false)
    }
  }

  /// One dictionary's definition of `word` or of the first base form it knows.
  private static func define(
    _ word: String, in dictionary: any OpenDictionary, info: DictionaryInfo, language: String?
  ) throws(LookupError) -> Definition? {
    // As asked (".22", "'hood" are headwords), then without the punctuation and
    // possessive a selection brings ("reader’s,"), in its cases.
    var forms = [word]
    let cleaned = EnglishLemmatizer.cleaned(word)
    for variant in [
      cleaned, cleaned.lowercased(),
      cleaned.prefix(1).uppercased() + cleaned.dropFirst().lowercased(),
    ] where !variant.isEmpty && !forms.contains(variant) {
      forms.append(variant)
    }
    let english = (info.sourceLanguage ?? language).map { DictionaryLanguage.primary($0) == "en" }
    if english ?? true {
      // English spelt with accents ("naïve", "rôle", "café"), which GCIDE and WordNet
      // write without.
      let plain = cleaned.folding(options: .diacriticInsensitive, locale: nil)
      if plain != cleaned && !plain.isEmpty { forms.append(plain) }
      for candidate in EnglishLemmatizer.candidates(for: plain) where !forms.contains(candidate) {
        forms.append(candidate)
      }
    }
    for form in forms {
      let entries = try dictionary.entries(for: form)
      guard let first = entries.first else { continue }
      var texts: [DefinitionText] = []
      for entry in entries where !texts.contains(entry.text) { texts.append(entry.text) }
      return Definition(
        dictionary: info, headword: first.headword, form: form, text: DefinitionText.joined(texts),
        entryCount: texts.count)
    }
    return nil
  }
}
