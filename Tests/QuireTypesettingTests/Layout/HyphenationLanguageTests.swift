import QuireBook
import Testing

@testable import QuireTypesetting

/// Hyphenation follows the text's language: an element's `xml:lang`, else the book's.
@Suite struct HyphenationLanguageTests {
  static let german =
    "Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem "
    + "Bett zu einem ungeheueren Ungeziefer verwandelt. Die Versicherungsgesellschaft "
    + "schickte einen Sachverständigen, der die Schadensersatzforderungen prüfte, und die "
    + "Geschäftsführerin der Donaudampfschiffahrtsgesellschaft unterschrieb die "
    + "Vereinbarungen über Entschädigungszahlungen."

  static let french =
    "l’inconstitutionnalité de l’enchevêtrement des réglementations gouvernementales "
    + "et l’épanouissement extraordinairement spectaculaire des bibliothèques universitaires"

  /// Each hyphenated line's broken word and the break's offset in it.
  static func hyphenations(_ lines: [Line], in text: StyledText) -> [(word: String, at: Int)] {
    var found: [(String, Int)] = []
    for (line, next) in zip(lines, lines.dropFirst()) where line.isHyphenated {
      let head = text.substring(line.range).split(separator: " ").last.map(String.init) ?? ""
      let tail = text.substring(next.range).split(separator: " ").first.map(String.init) ?? ""
      let word = (head + tail).trimmingCharacters(
        in: .punctuationCharacters.union(.whitespacesAndNewlines))
      let lead = head.prefix { $0.isPunctuation }.utf16.count
      found.append((word, head.utf16.count - lead))
    }
    return found
  }

  static func lines(_ text: StyledText, settings: LayoutSettings, width: Double) throws -> [Line] {
    let container = TextContainer(width: width, height: 3000, margins: EdgeInsets(all: 20))
    let paginator = Paginator(
      text: text, container: container, settings: settings, fonts: try FontContext())
    return try #require(paginator.page(at: 0)).lines
  }

  /// A text set without hyphens takes no dictionary: the window's labels (a message, the
  /// HUD's title) used to load a second English dictionary, 20 ms on the first message.
  @Test func textSetWithoutHyphensLoadsNoDictionary() throws {
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.language = "de"
    builder.beginParagraph(style)
    builder.append(Self.german)
    builder.endParagraph()
    let text = builder.build()
    let container = TextContainer(width: 260, height: 3000, margins: EdgeInsets(all: 20))
    var settings = LayoutSettings()
    settings.hyphenationLanguage = "de"
    for hyphenation in [false, true] {
      settings.hyphenation = hyphenation
      let fonts = try FontContext()
      let paginator = Paginator(text: text, container: container, settings: settings, fonts: fonts)
      let lines = try #require(paginator.page(at: 0)).lines
      #expect(lines.count > 5)
      #expect(lines.contains(where: \.isHyphenated) == hyphenation)
      #expect(fonts.hyphenators.languagesAsked.contains("de") == hyphenation)
    }
  }

  @Test func textWithoutALanguageTakesTheBooksPatterns() throws {
    let de = try #require(Hyphenator(language: "de"), "hyphen-de is not installed")
    var builder = StyledTextBuilder()
    builder.beginParagraph(ParagraphStyle())
    builder.append(Self.german)
    builder.endParagraph()
    let text = builder.build()
    var settings = LayoutSettings()
    settings.hyphenationLanguage = "de"
    var count = 0
    for width in stride(from: 220.0, through: 400, by: 30) {
      let lines = try Self.lines(text, settings: settings, width: width)
      for (word, at) in Self.hyphenations(lines, in: text) {
        count += 1
        #expect(de.points(in: Array(word.utf16)).contains(at), "\(word) broken at \(at)")
      }
    }
    #expect(count >= 5)
  }

  @Test func aRunInAnotherLanguageTakesThatLanguagesPatterns() throws {
    let fr = try #require(Hyphenator(language: "fr"))
    var builder = StyledTextBuilder()
    var style = ParagraphStyle()
    style.language = "en-US"
    builder.beginParagraph(style)
    builder.append("The minister said, in French, ")
    var french = TextAttributes()
    french.language = "fr"
    builder.append(Self.french, french)
    builder.append(", and sat down.")
    builder.endParagraph()
    let text = builder.build()
    let start = "The minister said, in French, ".utf16.count
    var count = 0
    for width in stride(from: 220.0, through: 400, by: 30) {
      let lines = try Self.lines(text, settings: LayoutSettings(), width: width)
      for (line, (word, at)) in zip(
        lines.filter(\.isHyphenated), Self.hyphenations(lines, in: text))
      where line.range.upperBound > start && line.range.upperBound < start + Self.french.utf16.count
      {
        count += 1
        #expect(fr.points(in: Array(word.utf16)).contains(at), "\(word) broken at \(at)")
      }
    }
    #expect(count >= 3)
  }
}
