import Foundation
import Testing

@testable import QuireBook

/// A FictionBook written in windows-1251, opened as a reader would: metadata, chapters and
/// contents, styled text, verse, images and notes.
@Suite struct FB2ImporterTests {
  static let fixture = Corpus.fixtures + "/fb2/pushkin-cp1251.fb2"

  @Test func metadataComesFromTheTitleInfoInItsDeclaredEncoding() throws {
    let book = try Book.open(Self.fixture)
    #expect(book.format == .fb2(encoding: "windows-1251"))
    #expect(book.metadata.title == "Повести и стихи")
    #expect(book.metadata.authors == ["Александр Сергеевич Пушкин"])
    #expect(book.metadata.creators.contains { $0.name == "Переводчик" && $0.role == "trl" })
    #expect(book.metadata.creators.first?.fileAs == "Пушкин, Александр")
    #expect(book.metadata.language == "ru")
    #expect(book.metadata.subjects == ["prose_classic", "poetry", "проза", "стихи"])
    #expect(book.metadata.series == Metadata.Series(name: "Проверочные книги", position: "2"))
    #expect(book.metadata.date == "1830-01-01")
    #expect(book.metadata.publisher == "Quire")
    #expect(book.metadata.description?.hasPrefix("Небольшая книга для проверки") == true)
    let cover = try #require(book.metadata.coverHref)
    #expect(
      ImageHeader.size(of: try book.resource(at: cover)) == Attachment.Size(width: 60, height: 90))
    #expect(book.warnings.isEmpty)
  }

  @Test func sectionsBecomeChaptersAndNestedTitlesTheContents() throws {
    let book = try Book.open(Self.fixture)
    #expect(
      book.chapters.map(\.title) == [
        "Александр Пушкин Повести и стихи", "Часть первая Проза", "Глава I Сержант гвардии",
        "Глава II Вожатый", "Часть вторая Стихи", "Примечания",
      ])
    #expect(book.chapters.map(\.isLinear) == [true, true, true, true, true, false])
    let toc = book.toc.flattened().map {
      "\($0.depth) \($0.entry.title) \($0.entry.chapterIndex ?? -1)"
    }
    #expect(
      toc == [
        "0 Александр Пушкин Повести и стихи 0", "0 Часть первая Проза 1",
        "1 Глава I Сержант гвардии 2", "2 Подраздел без id 2", "1 Глава II Вожатый 3",
        "0 Часть вторая Стихи 4", "0 Примечания 5",
      ])
    // The untitled-id subsection is reached by the fragment it was given.
    let subsection = try #require(
      book.toc.flattened().first { $0.entry.title == "Подраздел без id" })
    let locator = try #require(book.locator(for: subsection.entry))
    let text = try book.text(ofChapter: 2)
    #expect(text.substring(locator.offset..<(locator.offset + 10)) == "Подраздел ")
  }

  @Test func inlineMarkupBecomesCharacterAttributesWithoutTags() throws {
    let book = try Book.open(Self.fixture)
    let text = try book.text(ofChapter: 2)
    #expect(!text.string.contains("<"))
    #expect(attributes(of: "курсив", in: text).isItalic)
    #expect(attributes(of: "жирный", in: text).weight >= 700)
    #expect(attributes(of: "зачёркнутый", in: text).isStrikethrough)
    #expect(attributes(of: "2O", in: text).baselineShift == .subscript)
    #expect(attributes(of: "код", in: text).fontFamily == .monospace)
    // Headings: the title's two paragraphs are two lines of one heading.
    let heading = try #require(text.paragraphs.first)
    #expect(heading.value.role == .heading(level: 3))
    #expect(text.substring(heading.range) == "Глава I\u{2028}Сержант гвардии\n")
    let subtitle = try #require(paragraph(containing: "* * *", in: text))
    #expect(subtitle.value.alignment == .center)
  }

  @Test func imagesComeFromTheBinariesInlineAndAsBlocks() throws {
    let book = try Book.open(Self.fixture)
    let text = try book.text(ofChapter: 2)
    #expect(text.attachments.count == 2)
    for attachment in text.attachments {
      #expect(attachment.intrinsicSize == Attachment.Size(width: 40, height: 30))
      #expect(ImageHeader.format(of: try book.resource(at: attachment.href)) == .png)
    }
    #expect(text.attachments.last?.alternativeText == "Красный прямоугольник")
    let figure = try #require(text.paragraphs.first { $0.value.role == .figure })
    #expect(figure.range.lowerBound == text.attachments[1].offset)
  }

  @Test func poemLinesAreVerseNeverJustified() throws {
    let book = try Book.open(Self.fixture)
    let text = try book.text(ofChapter: 4)
    let lines = text.paragraphs.filter { $0.value.role == .verse }
    #expect(lines.count >= 5)
    #expect(lines.allSatisfy { $0.value.alignment != .justified })
    #expect(paragraph(containing: "Мороз и солнце", in: text)?.value.role == .verse)
    #expect(paragraph(containing: "А. С. Пушкин", in: text)?.value.alignment == .right)
  }

  @Test func noteReferencesLeadToTheirNoteOutOfTheReadingOrder() throws {
    let book = try Book.open(Self.fixture)
    let text = try book.text(ofChapter: 2)
    let reference = try #require(text.links.first { text.substring($0.range) == "[1]" })
    #expect(attributes(of: "[1]", in: text).isNoteReference)
    guard case .internal(let href) = reference.value else {
      Issue.record("the note reference is not an internal link")
      return
    }
    let target = try #require(book.locator(forHref: href, from: 2))
    #expect(target.chapterIndex == 5)
    let notes = try book.text(ofChapter: 5)
    let first = try #require(notes.paragraphs.firstIndex { $0.range.contains(target.offset) })
    #expect(notes.substring(notes.paragraphs[first].range) == "1\n")
    let note = notes.paragraphs[first + 1]
    #expect(notes.substring(note.range).hasPrefix("Первое примечание"))
    #expect(note.value.role == .note)
    // An ordinary internal link leads to the chapter holding its id.
    let link = try #require(text.links.first { text.substring($0.range) == "вторую главу" })
    guard case .internal(let chapterHref) = link.value else { return }
    #expect(book.locator(forHref: chapterHref, from: 2)?.chapterIndex == 3)
  }

  // MARK: - Helpers

  private func offset(of needle: String, in text: StyledText) -> Int? {
    guard let range = text.string.range(of: needle) else { return nil }
    return text.string.utf16.distance(from: text.string.startIndex, to: range.lowerBound)
  }

  private func attributes(of needle: String, in text: StyledText) -> TextAttributes {
    guard let offset = offset(of: needle, in: text),
      let run = text.runs.first(where: { $0.range.contains(offset) })
    else { return TextAttributes() }
    return run.value
  }

  private func paragraph(containing needle: String, in text: StyledText) -> StyledRun<
    ParagraphStyle
  >? {
    guard let offset = offset(of: needle, in: text) else { return nil }
    return text.paragraphs.first { $0.range.contains(offset) }
  }
}
