import Foundation

/// The chapter texts of a TXT book, built on first use from the decoded text.
///
/// Import keeps one decoded UTF-8 buffer, its line table and each chapter's measured
/// paragraphs; `text(ofChapter:)` joins a chapter's lines into its `StyledText` only when
/// asked. Everything here is immutable, so any task may ask for any chapter at any time
/// (`Book` caches the results).
struct TXTContent: BookContent {
  let path: String
  /// The whole text, normalised UTF-8 with "\n" line ends.
  let utf8: [UInt8]
  let lines: LineTable
  /// Joined long paragraphs that were cut into pieces (see `ParagraphSplitter`).
  let joinedParagraphs: [[UInt8]]
  /// Each chapter's paragraphs.
  let chapterParagraphs: [[ParagraphSpan]]
  /// BCP 47 language set on every paragraph.
  let language: String

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    guard chapterParagraphs.indices.contains(index) else { return .empty }
    let spans = chapterParagraphs[index]
    return utf8.withUnsafeBufferPointer { bytes in
      // The layout only matters when splitting; spans already say how to join.
      let splitter = ParagraphSplitter(
        bytes: bytes, lines: lines, layout: .blankLineSeparated,
        joinedParagraphs: joinedParagraphs)
      var output: [UInt8] = []
      output.reserveCapacity(spans.reduce(0) { $0 + $1.length + 1 } * 3 / 2)
      var paragraphs: [StyledRun<ParagraphStyle>] = []
      paragraphs.reserveCapacity(spans.count)
      var offset = 0
      // What StyledTextBuilder makes of these paragraphs, without its per-append
      // UTF-16 counting: the lengths are known.
      for span in spans where span.length > 0 {
        splitter.append(span, to: &output)
        output.append(0x0A)
        let end = offset + span.length + 1
        paragraphs.append(StyledRun(range: offset..<end, value: style(of: span)))
        offset = end
      }
      let runs = offset > 0 ? [StyledRun(range: 0..<offset, value: TextAttributes())] : []
      return StyledText(
        string: String(decoding: output, as: UTF8.self), runs: runs, paragraphs: paragraphs)
    }
  }

  func resource(at href: String) throws -> Data {
    throw BookError(.missingResource, path: path, entry: href, "a TXT book has no resources")
  }

  private func style(of paragraph: ParagraphSpan) -> ParagraphStyle {
    var style: ParagraphStyle
    switch paragraph.kind {
    case .heading(let level):
      style = .heading(level: level)
    case .verse:
      style = ParagraphStyle()
      style.role = .verse
      style.alignment = .left
      style.hyphenation = false
      style.leftIndent = 2
    case .body:
      style = ParagraphStyle()
      if paragraph.isIndented { style.firstLineIndent = language == "zh" ? 2 : 1.5 }
    }
    style.language = language
    return style
  }
}
