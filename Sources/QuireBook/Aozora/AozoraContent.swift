import Foundation

/// The chapter texts of an Aozora Bunko book, built on first use from the decoded text.
///
/// Import keeps the normalised UTF-8 text, its line table and, for each chapter, which
/// lines it is made of and the block notes in force where it starts; `chapter(_:of:)`
/// reads those lines' markup into a `StyledText` only when asked.
struct AozoraContent: BookContent {
  /// What a chapter is made of.
  enum Part: Sendable {
    /// The title page: title, subtitle and contributors from the title block.
    case titlePage(Metadata)
    /// Body lines, with the block notes in force before the first.
    case body(Range<Int>, AozoraBlockState)
    /// The colophon's lines (底本…).
    case colophon(Range<Int>)
  }

  let path: String
  let utf8: [UInt8]
  let lines: LineTable
  let parts: [Part]

  func chapter(_ index: Int, of chapter: Chapter) -> ConvertedChapter {
    guard parts.indices.contains(index) else { return ConvertedChapter(text: .empty, warnings: []) }
    var builder: AozoraTextBuilder
    switch parts[index] {
    case .titlePage(let metadata):
      builder = AozoraTextBuilder()
      builder.addTitlePageLine(metadata.title, scale: 1.6)
      if let subtitle = metadata.subtitle { builder.addTitlePageLine(subtitle, scale: 1.15) }
      for creator in metadata.creators {
        let label =
          creator.role == "trl"
          ? "\(creator.name)訳" : creator.role == "edt" ? "\(creator.name)編" : creator.name
        builder.addTitlePageLine(label, scale: 1.1)
      }
    case .body(let range, let state):
      builder = AozoraTextBuilder(state: state)
      add(range, to: &builder, role: .body)
    case .colophon(let range):
      builder = AozoraTextBuilder()
      add(range, to: &builder, role: .colophon)
    }
    return ConvertedChapter(text: builder.build(), warnings: Self.warnings(builder.unknownNotes))
  }

  func text(ofChapter index: Int, of chapter: Chapter) -> StyledText {
    self.chapter(index, of: chapter).text
  }

  func resource(at href: String) throws -> Data {
    throw BookError(.missingResource, path: path, entry: href, "a TXT book has no resources")
  }

  private func add(
    _ range: Range<Int>, to builder: inout AozoraTextBuilder, role: AozoraTextBuilder.Role
  ) {
    utf8.withUnsafeBufferPointer { bytes in
      for line in range where line < lines.count {
        let text = TextBytes.string(bytes, lines.starts[line], lines.ends[line])
        builder.add(line: Substring(text), number: line, role: role)
      }
    }
  }

  /// One warning for the notes of a chapter that were not understood, naming a few.
  static func warnings(_ notes: [String]) -> [ImportWarning] {
    guard !notes.isEmpty else { return [] }
    var seen = Set<String>()
    let distinct = notes.filter { seen.insert($0).inserted }
    let named = distinct.prefix(3).map { "［＃\($0)］" }.joined(separator: ", ")
    let more = distinct.count > 3 ? " and \(distinct.count - 3) more" : ""
    return [
      ImportWarning(
        "\(notes.count) Aozora note\(notes.count == 1 ? " was" : "s were") not understood and "
          + "left out: \(named)\(more)")
    ]
  }
}
