public import QuireBook
import QuireTypesetting

/// What is read aloud of a chapter: its text as the reader sees it, in reading order,
/// sentence by sentence, each with its range in the chapter (UTF-16 offsets of its
/// `StyledText.string`).
///
/// Sentences come from `TextSegmenter` (ICU's sentence boundaries: a paragraph always
/// ends one); what is said of each is `SpokenText`'s. A sentence with nothing to say (an
/// image without alt text, a row of asterisks) is left out. Page furniture (running
/// heads, page numbers) is drawn by the pages, never part of the text, so it is never read.
public enum SpeechScript {
  /// UTF-16 units segmented at a time.
  static let window = 2048

  /// The utterances of `text` (chapter `chapterIndex`, in `language`, the book's or the
  /// chapter's BCP 47 tag) from the sentence holding `offset` to the end, at most `limit`.
  public static func utterances(
    of text: StyledText, chapterIndex: Int, language: String?, from offset: Int = 0,
    limit: Int = .max, settings: SpeechSettings
  ) -> [Utterance] {
    guard text.length > 0, limit > 0 else { return [] }
    let segmenter = TextSegmenter(text: text.string, language: language)
    var start = max(0, min(offset, text.length - 1))
    var utterances: [Utterance] = []
    // A window of text at a time, so that the first sentences of a long chapter are ready
    // without segmenting the rest (a sentence across the window's end comes whole).
    while start < text.length && utterances.count < limit {
      let window = start..<min(text.length, start + Self.window)
      var next = window.upperBound
      for sentence in segmenter.sentences(in: window) where !sentence.isEmpty {
        next = max(next, sentence.upperBound)
        if sentence.upperBound <= start { continue }
        let spans = SpokenText.spans(of: text, range: sentence, settings: settings)
        guard !spans.isEmpty else { continue }
        utterances.append(Utterance(chapterIndex: chapterIndex, range: sentence, spans: spans))
        if utterances.count == limit { break }
      }
      start = next
    }
    return utterances
  }
}
