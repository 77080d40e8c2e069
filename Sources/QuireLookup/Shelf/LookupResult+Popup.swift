extension LookupResult {
  /// What a look-up popup shows, as one text to set and scroll: each definition under its
  /// dictionary's name (styled `.title`), or, when none was found, a line saying so and
  /// what to install; unreadable dictionaries named at the end. Its links are the
  /// definitions' own, so `link(at:)` on it gives the word to look up next.
  public var popupText: DefinitionText {
    var parts: [DefinitionText] = []
    for definition in definitions {
      var title = definition.dictionary.name
      if isBaseForm(definition) { title += " — \(definition.form)" }
      parts.append(Self.line(title, style: .title))
      parts.append(definition.text)
    }
    if definitions.isEmpty {
      let names = consulted.map(\.name).joined(separator: ", ")
      parts.append(
        Self.line(
          consulted.isEmpty
            ? "No dictionary to look “\(word)” up in." : "“\(word)” is not in \(names).",
          style: []))
      if let advice { parts.append(Self.line(advice, style: .note)) }
    }
    for problem in problems { parts.append(Self.line(problem.description, style: .note)) }
    return DefinitionText.stacked(parts)
  }

  private static func line(_ text: String, style: DefinitionText.Style) -> DefinitionText {
    var builder = DefinitionTextBuilder()
    builder.beginParagraph()
    builder.append(text, adding: style)
    return builder.build()
  }
}
