import Foundation
import QuireBook
import QuireReading
import Testing

@testable import QuireUI

/// The annotations panel's list: by chapter as the contents name it, filtered by colour
/// or text, unplaced highlights apart.
@Suite struct AnnotationListTests {
  let texts: [StyledText] = [
    Self.text("Front matter of the book.\n"),
    Self.text(
      "Alice was beginning to get very tired of sitting by her sister on the bank.\n"
        + "Down, down, down. Would the fall never come to an end?\n"),
    Self.text("“Curiouser and curiouser!” cried Alice.\n"),
  ]
  let names = ContentsNames(
    entries: [
      .init(title: "Down the Rabbit-Hole", depth: 0, locator: Locator(chapterIndex: 1)),
      .init(title: "The Pool of Tears", depth: 0, locator: Locator(chapterIndex: 2)),
    ], chapterTitles: [])

  static func text(_ string: String) -> StyledText {
    var paragraphs: [StyledRun<ParagraphStyle>] = []
    var start = 0
    for line in string.split(separator: "\n") {
      let end = start + line.utf16.count + 1
      paragraphs.append(StyledRun(range: start..<end, value: ParagraphStyle()))
      start = end
    }
    return StyledText(string: string, runs: [], paragraphs: paragraphs)
  }

  func date(_ minutes: Double) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + minutes * 60) }

  func highlight(
    _ id: Int, _ chapter: Int, _ range: Range<Int>, _ colour: Highlight.Colour = .yellow,
    style: Highlight.Style = .background, note: String? = nil, unplaced: Bool = false
  ) -> Highlight {
    Highlight(
      id: id, bookID: 1, start: Locator(chapterIndex: chapter, offset: range.lowerBound),
      end: Locator(chapterIndex: chapter, offset: range.upperBound), colour: colour,
      style: style, note: note, createdAt: date(Double(id)), isUnplaced: unplaced)
  }

  var list: AnnotationList {
    AnnotationList(
      bookmarks: [
        Bookmark(
          id: 1, bookID: 1, locator: Locator(chapterIndex: 1, offset: 76), note: "the fall",
          createdAt: date(0)),
        Bookmark(
          id: 2, bookID: 1, locator: Locator(chapterIndex: 0, offset: 0), note: nil,
          createdAt: date(1)),
      ],
      highlights: [
        highlight(5, 2, 1..<25, .green, note: "Alice grows"),
        highlight(3, 1, 0..<5, .pink, style: .underline),
        highlight(4, 1, 76..<92, .yellow),
        highlight(
          6, 1, 40..<200, .blue, unplaced: true),
      ], names: names, chapterText: { texts.indices.contains($0) ? texts[$0] : nil })
  }

  @Test func groupsByContentsInReadingOrder() {
    let groups = list.groups
    #expect(
      groups.map(\.title) == [
        "Front matter", "Down the Rabbit-Hole", "The Pool of Tears", "Not found in this edition",
      ])
    let rabbitHole = groups[1].entries
    #expect(rabbitHole.map(\.kind) == [.highlight, .bookmark, .highlight])
    #expect(rabbitHole.map(\.number) == [3, 1, 4])
    #expect(rabbitHole[0].snippet == "Alice")
    #expect(rabbitHole[0].colour == .pink && rabbitHole[0].style == .underline)
    // At one place the bookmark comes first; its text runs from there.
    #expect(rabbitHole[1].snippet.hasPrefix("Down, down, down. Would the fall"))
    #expect(rabbitHole[1].note == "the fall")
    #expect(rabbitHole[2].snippet == "Down, down, down")
    #expect(groups[2].entries.first?.snippet == "Curiouser and curiouser!")
    #expect(groups[3].entries.map(\.isUnplaced) == [true])
  }

  @Test func filtersByColourAndText() {
    let yellow = list.filtered(by: .init(colour: .yellow))
    #expect(yellow.entries.map(\.number) == [4])
    #expect(yellow.groups.map(\.title) == ["Down the Rabbit-Hole"])
    // Text matches the snippet, the note or the chapter's name, case and accents aside.
    #expect(list.filtered(by: .init(text: "GROWS")).entries.map(\.number) == [5])
    #expect(list.filtered(by: .init(text: "curiouser")).entries.map(\.number) == [5])
    #expect(list.filtered(by: .init(text: "Pool")).entries.map(\.number) == [5])
    #expect(list.filtered(by: .init(colour: .green, text: "fall")).groups.isEmpty)
    #expect(list.filtered(by: .init()) == list)
  }

  @Test func longPassagesAreCutWithAnEllipsis() {
    let long = String(repeating: "word ", count: 100) + "\n"
    let list = AnnotationList(
      bookmarks: [], highlights: [highlight(1, 0, 0..<400)], names: names,
      chapterText: { _ in Self.text(long) })
    let snippet = list.entries[0].snippet
    #expect(snippet.count == AnnotationList.snippetLength)
    #expect(snippet.hasSuffix("…"))
  }
}
