import QuireBook
import Testing

@testable import QuireSpeech

@Suite("SpokenText")
struct SpokenTextTests {
  /// "He said: «Je ne sais quoi.»¹ [image] Fine." with a French run, a note reference and
  /// an image whose alt text is "a map".
  static func sample() -> StyledText {
    var builder = StyledTextBuilder()
    builder.beginParagraph(ParagraphStyle())
    builder.append("He said: «")
    var french = TextAttributes()
    french.language = "fr"
    builder.append("Je ne sais quoi.", french)
    builder.append("»")
    var note = TextAttributes()
    note.isNoteReference = true
    builder.append("1", note)
    builder.append(" ")
    builder.appendAttachment(href: "map.png", alternativeText: "a map")
    builder.append(" Fine\u{00AD}ly.")
    builder.endParagraph()
    return builder.build()
  }

  @Test("a quotation in another language is its own span; note references and images are not said")
  func languages() {
    let text = Self.sample()
    let spans = SpokenText.spans(of: text, range: 0..<(text.length - 1), settings: SpeechSettings())
    #expect(spans.map(\.language) == [nil, "fr", nil])
    // Spaces and punctuation stay with the words before them.
    #expect(spans.map(\.text) == ["He said: «", "Je ne sais quoi.»  ", "Finely."])
    // "quoi" maps back to the chapter's characters.
    let french = spans[1]
    let quoi = utf16Range(of: "quoi", in: french.text)
    #expect(text.substring(french.sourceRange(quoi)) == "quoi")
    // "Finely" spans the soft hyphen in the chapter.
    let last = spans[2]
    #expect(
      text.substring(last.sourceRange(utf16Range(of: "Finely", in: last.text))) == "Fine\u{00AD}ly")
  }

  @Test("alt text is read when the preference says so, in place of the image")
  func altText() {
    let text = Self.sample()
    var settings = SpeechSettings()
    settings.readsAltText = true
    let spans = SpokenText.spans(of: text, range: 0..<(text.length - 1), settings: settings)
    let spoken = spans.map(\.text).joined()
    #expect(spoken.contains("a map"))
    let image = text.attachments[0].offset
    let last = spans[spans.count - 1]
    let map = utf16Range(of: "map", in: last.text)
    #expect(last.sourceRange(map) == image..<(image + 1))
  }

  @Test("ruby is read as its base, or as its reading when the preference says so")
  func ruby() {
    var builder = StyledTextBuilder()
    builder.append("吾輩は猫である。")
    builder.addRuby(base: 0..<2, text: "わがはい")
    builder.addRuby(base: 3..<4, text: "ねこ")
    let text = builder.build()
    let base = SpokenText.spans(of: text, range: 0..<8, settings: SpeechSettings())
    #expect(base.map(\.text) == ["吾輩は猫である。"])
    var settings = SpeechSettings()
    settings.readsRubyReadings = true
    let readings = SpokenText.spans(of: text, range: 0..<8, settings: settings)
    #expect(readings.map(\.text) == ["わがはいはねこである。"])
    let span = readings[0]
    #expect(span.sourceRange(0..<4) == 0..<2)
    #expect(span.sourceRange(5..<7) == 3..<4)
    #expect(span.sourceRange(7..<10) == 4..<7)
  }

  @Test("a range of punctuation alone says nothing")
  func silence() {
    var builder = StyledTextBuilder()
    builder.append("* * *")
    let text = builder.build()
    #expect(SpokenText.spans(of: text, range: 0..<5, settings: SpeechSettings()).isEmpty)
  }
}

/// The UTF-16 range of the first `needle` in `text` (empty at 0 when absent).
func utf16Range(of needle: String, in text: String) -> Range<Int> {
  let units = Array(text.utf16)
  let target = Array(needle.utf16)
  guard units.count >= target.count else { return 0..<0 }
  for start in 0...(units.count - target.count)
  where Array(units[start..<(start + target.count)]) == target {
    return start..<(start + target.count)
  }
  return 0..<0
}
