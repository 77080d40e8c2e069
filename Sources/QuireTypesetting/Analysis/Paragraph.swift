import QuireBook

/// One paragraph of a chapter, collected from the styled text: the first pipeline stage.
struct Paragraph {
  /// Chapter UTF-16 range, ending just after the paragraph's "\n".
  var range: Range<Int>
  var style: ParagraphStyle
  /// BCP 47 language used for breaking, shaping and default faces.
  var language: String
  /// The language whose patterns hyphenate the paragraph's runs that name none: its own,
  /// else the book's.
  var hyphenationLanguage: String
  /// Attribute runs clipped to the paragraph, in chapter offsets.
  var runs: [StyledRun<TextAttributes>]

  /// Chapter range of the text without the closing "\n".
  var contentRange: Range<Int> {
    range.lowerBound..<max(range.lowerBound, range.upperBound - 1)
  }

  var isChinese: Bool { language.lowercased().hasPrefix("zh") }
}

/// Splits styled text into paragraphs with their runs and language.
///
/// - Complexity: O(paragraphs + runs), plus a bounded language probe per paragraph.
func collectParagraphs(
  _ text: StyledText, units: [UInt16], defaultLanguage: String,
  hyphenationLanguage: String? = nil
) -> [Paragraph] {
  var paragraphs: [Paragraph] = []
  paragraphs.reserveCapacity(text.paragraphs.count)
  var runIndex = 0
  for styled in text.paragraphs {
    var runs: [StyledRun<TextAttributes>] = []
    while runIndex < text.runs.count,
      text.runs[runIndex].range.upperBound <= styled.range.lowerBound
    {
      runIndex += 1
    }
    var index = runIndex
    while index < text.runs.count, text.runs[index].range.lowerBound < styled.range.upperBound {
      let run = text.runs[index]
      let lower = max(run.range.lowerBound, styled.range.lowerBound)
      let upper = min(run.range.upperBound, styled.range.upperBound)
      if lower < upper { runs.append(StyledRun(range: lower..<upper, value: run.value)) }
      index += 1
    }
    if runs.isEmpty { runs = [StyledRun(range: styled.range, value: TextAttributes())] }
    var language =
      styled.value.language
      ?? detectLanguage(units, styled.range, defaultLanguage: defaultLanguage)
    if styled.value.language == nil, language == "zh", let book = hyphenationLanguage,
      CJKRegion(language: book) != nil
    {
      // Ideographs in a book that says it is Japanese, Korean or Traditional Chinese are
      // that book's language, set in its faces.
      language = book
    }
    var style = styled.value
    if style.preservesWhitespace || style.role == .preformatted {
      // Kept spaces and line breaks are set as written: never spread, never hyphenated.
      style.preservesWhitespace = true
      style.hyphenation = false
      if style.alignment == .justified { style.alignment = .left }
    } else if style.role == .verse {
      // A poem's lines are set as printed poetry is: ragged, never hyphenated, a line too
      // long for the page wrapped with a hanging indent (`Prepare`).
      style.hyphenation = false
      if style.alignment == .justified { style.alignment = .left }
    }
    let hyphenation =
      styled.value.language ?? (language == defaultLanguage ? hyphenationLanguage : nil)
      ?? language
    paragraphs.append(
      Paragraph(
        range: styled.range, style: style, language: language,
        hyphenationLanguage: hyphenation, runs: runs))
  }
  return paragraphs
}

/// "zh" when ideographs make up a third of the paragraph's first letters, else the default.
private func detectLanguage(_ units: [UInt16], _ range: Range<Int>, defaultLanguage: String)
  -> String
{
  var ideographs = 0
  var letters = 0
  for i in range.prefix(200) {
    let unit = units[i]
    if CJK.isIdeographic(UInt32(unit)) {
      ideographs += 1
      letters += 1
    } else if (0x41...0x7A).contains(unit) {
      letters += 1
    }
  }
  return letters > 0 && ideographs * 3 >= letters ? "zh" : defaultLanguage
}
