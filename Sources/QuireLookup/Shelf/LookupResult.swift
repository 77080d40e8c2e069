/// One dictionary's answer: its entries for the word, as one text.
public struct Definition: Hashable, Sendable, Codable {
  /// The dictionary, named as it names itself.
  public var dictionary: DictionaryInfo
  /// The headword of its first entry, as the dictionary writes it ("Abandon").
  public var headword: String
  /// The form that was found: the word as asked, without the punctuation around it, or
  /// the base form lemmatising gave ("run" for "running") when the dictionary lacks the
  /// word itself.
  public var form: String
  /// All its entries for that form, one after another.
  public var text: DefinitionText
  /// How many entries the text holds.
  public var entryCount: Int

  /// Creates a definition.
  public init(
    dictionary: DictionaryInfo, headword: String, form: String, text: DefinitionText,
    entryCount: Int
  ) {
    self.dictionary = dictionary
    self.headword = headword
    self.form = form
    self.text = text
    self.entryCount = entryCount
  }
}

/// What a look-up found: one `Definition` per dictionary that knows the word, in the
/// order the dictionaries were chosen, and what went wrong with the others.
public struct LookupResult: Hashable, Sendable, Codable {
  /// The word looked up, as asked (white space trimmed).
  public var word: String
  /// The language it was looked up in, when one was given.
  public var language: String?
  public var definitions: [Definition]
  /// The dictionaries asked, in order.
  public var consulted: [DictionaryInfo]
  /// Dictionaries that could not be read (damaged, missing files): each names its file.
  public var problems: [LookupError]
  /// What to install, when no dictionary is installed or none serves the language.
  public var advice: String?

  /// Whether any dictionary knew the word.
  public var isFound: Bool { !definitions.isEmpty }

  /// Whether `definition` is of another form than the word asked ("run" for "running"),
  /// punctuation, possessive and case aside.
  public func isBaseForm(_ definition: Definition) -> Bool {
    EnglishLemmatizer.cleaned(definition.form).lowercased()
      != EnglishLemmatizer.cleaned(word).lowercased()
  }

  /// Creates a result.
  public init(
    word: String, language: String?, definitions: [Definition], consulted: [DictionaryInfo],
    problems: [LookupError], advice: String?
  ) {
    self.word = word
    self.language = language
    self.definitions = definitions
    self.consulted = consulted
    self.problems = problems
    self.advice = advice
  }
}
