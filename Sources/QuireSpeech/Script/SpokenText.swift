import QuireBook

/// The spoken form of a range of a chapter's `StyledText`: its text as the reader sees it,
/// cut into spans of one language, with the map back to the chapter.
///
/// Note references are said as nothing; an image is its alternative text when
/// `readsAltText`, else nothing; ruby is its base text, or its reading when
/// `readsRubyReadings`; soft hyphens are dropped and line breaks are spaces. A stretch
/// without a letter or digit (spaces, punctuation) stays in the language before it, so a
/// voice changes only where words of another language start.
enum SpokenText {
  /// The spans that say `range` of `text`; `language` is the book's.
  static func spans(
    of text: StyledText, range: Range<Int>, settings: SpeechSettings
  ) -> [SpokenSpan] {
    var builder = SpanBuilder()
    let units = text.string.utf16
    var attachments = text.attachments.drop { $0.offset < range.lowerBound }
    var rubies = text.rubies(in: range)[...]
    var runIndex = StyledRuns.index(in: text.runs, containing: range.lowerBound)
    var paragraphIndex = StyledRuns.index(in: text.paragraphs, containing: range.lowerBound)
    var offset = range.lowerBound
    var index = units.index(units.startIndex, offsetBy: offset)
    while offset < range.upperBound {
      while runIndex < text.runs.count - 1, text.runs[runIndex].range.upperBound <= offset {
        runIndex += 1
      }
      while paragraphIndex < text.paragraphs.count - 1,
        text.paragraphs[paragraphIndex].range.upperBound <= offset
      {
        paragraphIndex += 1
      }
      let run = text.runs.isEmpty ? TextAttributes() : text.runs[runIndex].value
      let language = run.language ?? text.paragraphs[safe: paragraphIndex]?.value.language
      let runEnd = min(
        range.upperBound, text.runs[safe: runIndex]?.range.upperBound ?? range.upperBound)
      if run.isNoteReference {
        index = units.index(index, offsetBy: max(1, runEnd - offset))
        offset = max(offset + 1, runEnd)
        continue
      }
      if let ruby = rubies.first, ruby.base.lowerBound <= offset {
        rubies.removeFirst()
        if settings.readsRubyReadings, ruby.base.lowerBound == offset {
          builder.append(substitute: ruby.text, for: ruby.base, language: language)
          let end = min(ruby.base.upperBound, range.upperBound)
          index = units.index(index, offsetBy: end - offset)
          offset = end
          continue
        }
      }
      let unit = units[index]
      if unit == 0xFFFC {
        while let first = attachments.first, first.offset < offset { attachments.removeFirst() }
        if settings.readsAltText, let attachment = attachments.first, attachment.offset == offset,
          let alt = attachment.alternativeText, !alt.isEmpty
        {
          builder.append(substitute: " \(alt) ", for: offset..<(offset + 1), language: language)
        }
      } else if unit == 0x00AD {
        // A soft hyphen is not said.
      } else if unit == 0x2028 || unit == 0x000A || unit == 0x0009 {
        builder.append(verbatim: " ", at: offset, language: language)
      } else if UTF16.isLeadSurrogate(unit), offset + 1 < range.upperBound {
        let next = units[units.index(after: index)]
        builder.append(
          verbatim: String(decoding: [unit, next], as: UTF16.self), at: offset, language: language)
        index = units.index(after: index)
        offset += 1
      } else {
        builder.append(
          verbatim: String(decoding: [unit], as: UTF16.self), at: offset, language: language)
      }
      index = units.index(after: index)
      offset += 1
    }
    return builder.finish()
  }
}

/// Gathers spoken text into spans and pieces.
private struct SpanBuilder {
  var spans: [SpokenSpan] = []
  var current: SpokenSpan?
  /// The current span has a letter or digit (so a new language starts a new span).
  var hasWords = false

  mutating func append(verbatim text: String, at offset: Int, language: String?) {
    add(text, source: offset..<(offset + text.utf16.count), verbatim: true, language: language)
  }

  mutating func append(substitute text: String, for source: Range<Int>, language: String?) {
    add(text, source: source, verbatim: false, language: language)
  }

  private mutating func add(_ text: String, source: Range<Int>, verbatim: Bool, language: String?) {
    let wordy = text.unicodeScalars.contains {
      $0.properties.isAlphabetic || $0.properties.numericType != nil
    }
    if let span = current, hasWords, wordy, span.language != language {
      spans.append(span)
      current = nil
      hasWords = false
    }
    if current == nil {
      current = SpokenSpan(text: "", language: language, pieces: [])
    }
    if wordy && !hasWords {
      current!.language = language
      hasWords = true
    }
    let start = current!.text.utf16.count
    let spoken = start..<(start + text.utf16.count)
    current!.text += text
    if verbatim, var last = current!.pieces.last, last.isVerbatim,
      last.spoken.upperBound == start, last.source.upperBound == source.lowerBound
    {
      last.spoken = last.spoken.lowerBound..<spoken.upperBound
      last.source = last.source.lowerBound..<source.upperBound
      current!.pieces[current!.pieces.count - 1] = last
    } else {
      current!.pieces.append(SpokenSpan.Piece(spoken: spoken, source: source, isVerbatim: verbatim))
    }
  }

  mutating func finish() -> [SpokenSpan] {
    if let current, hasWords { spans.append(current) }
    return spans
  }
}

/// Binary search over sorted, contiguous styled runs.
enum StyledRuns {
  /// The index of the run holding `offset` (the last one when past the end, 0 when empty).
  static func index<Value>(in runs: [StyledRun<Value>], containing offset: Int) -> Int {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
    }
    return min(low, max(0, runs.count - 1))
  }
}

extension Array {
  /// The element at `index`, or nil when out of range.
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
