import Testing

@testable import QuireLookup

/// Hand-wrapped dictd definitions become paragraphs a popup can set at any width.
@Suite struct DictdTextTests {
  private func read(_ text: String, headword: String) -> DefinitionText {
    var builder = DefinitionTextBuilder()
    DictdText.read(text, headword: headword, into: &builder)
    return builder.build()
  }

  private func paragraphs(_ text: DefinitionText) -> [String] {
    text.paragraphs.map { text.substring($0.range).trimmingWhitespace }
  }

  /// GCIDE's shape: a headword line with its pronunciation, the etymology wrapped under
  /// it, numbered senses, a quotation, cross-references in braces, accent codes.
  @Test func gcideEntryIsUnwrappedIntoSenses() {
    let entry = """
      Abandon \\A*ban"don\\ ([.a]*b[a^]n"d[u^]n), v. t. [imp. & p. p.
         {Abandoned}; p. pr. & vb. n. {Abandoning}.] [OF. abandoner.
         See {Ban}.]
         1. To cast or drive out; to banish; to expel; to reject.
            [Obs.]
            [1913 Webster]

                  That he might . . . abandon them from him. --Udall.
            [1913 Webster]

         2. To give up absolutely; to forsake entirely.
            [1913 Webster]

      """
    let text = read(entry, headword: "Abandon")
    #expect(
      paragraphs(text) == [
        "Abandon \\A*ban\"don\\ (ȧ*băn\"dŭn), v. t. [imp. & p. p. Abandoned; p. pr. & vb. n. "
          + "Abandoning.] [OF. abandoner. See Ban.]",
        "1. To cast or drive out; to banish; to expel; to reject. [Obs.] [1913 Webster]",
        "That he might . . . abandon them from him. --Udall.",
        "[1913 Webster]",
        "2. To give up absolutely; to forsake entirely. [1913 Webster]",
      ])
    #expect(text.links.map(\.word) == ["Abandoned", "Abandoning", "Ban"])
    let ban = try! #require(text.links.last)
    #expect(text.substring(ban.range) == "Ban")
    #expect(text.link(at: ban.range.lowerBound + 1) == ban)
    #expect(text.link(at: ban.range.upperBound) == nil)
    let headword = try! #require(text.spans.first)
    #expect(text.substring(headword.range) == "Abandon" && headword.style.contains(.headword))
    #expect(text.spans.contains { text.substring($0.range) == "1." && $0.style.contains(.label) })
    #expect(
      text.spans.contains { text.substring($0.range) == "[1913 Webster]" && $0.style == .note })
    #expect(text.paragraphs.map(\.indent) == [0, 1, 3, 2, 1])
    #expect(text.paragraphs.map(\.isSpaced) == [false, false, true, false, true])
  }

  /// WordNet's shape: a part of speech and sense numbers with hanging indents, synonyms as
  /// braced links, some split over two lines.
  @Test func wordNetSensesAreParagraphsWithLinks() {
    let entry = """
      run
          n 1: a score in baseball made by a runner touching all four
               bases safely [syn: {run}, {tally}]
          2: the act of testing something [syn: {test}, {trial}, {run
             away}]
          v 1: move fast by using one's feet

      """
    let text = read(entry, headword: "run")
    #expect(
      paragraphs(text) == [
        "run",
        "n 1: a score in baseball made by a runner touching all four bases safely [syn: run, tally]",
        "2: the act of testing something [syn: test, trial, run away]",
        "v 1: move fast by using one's feet",
      ])
    #expect(text.links.map(\.word) == ["run", "tally", "test", "trial", "run away"])
    #expect(text.spans.contains { text.substring($0.range) == "n 1:" && $0.style.contains(.label) })
  }

  /// FreeDict's shape: headword, pronunciation and grammar on one line, senses under it.
  @Test func freeDictEntryKeepsItsSenses() {
    let text = read("abat-jour /abaʒuʀ/ <n, masc>\nlamp-shade\n", headword: "abat-jour")
    #expect(paragraphs(text) == ["abat-jour /abaʒuʀ/ <n, masc>", "lamp-shade"])
    #expect(
      text.spans.contains { text.substring($0.range) == "/abaʒuʀ/" && $0.style == .pronunciation })
    #expect(
      text.spans.contains { text.substring($0.range) == "<n, masc>" && $0.style.contains(.label) })
  }

  @Test func senseLabels() {
    #expect(DictdText.senseLabelLength("12. To run") == 3)
    #expect(DictdText.senseLabelLength("adj 2: happy") == 6)
    #expect(DictdText.senseLabelLength("(b) To flee") == 3)
    #expect(DictdText.senseLabelLength("Syn: To give up") == 4)
    #expect(DictdText.senseLabelLength("1913 Webster") == nil)
    #expect(DictdText.senseLabelLength("3.14 is pi") == nil)
  }
}
