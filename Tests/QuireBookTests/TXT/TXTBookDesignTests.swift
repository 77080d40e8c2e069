import Foundation
import Testing

@testable import QuireBook

/// A plain-text book is set like the printed book it came from: centred chapter openings,
/// centred scene breaks, a centred title page, letters as indented prose, poems line by
/// line.
@Suite struct TXTBookDesignTests {
  /// The paragraph of `text` that starts with `prefix`.
  static func paragraph(_ text: StyledText, _ prefix: String) -> StyledRun<ParagraphStyle>? {
    text.paragraphs.first { text.substring($0.range).hasPrefix(prefix) }
  }

  static let story = """
    My Story

    by A. Writer

    CHAPTER I.
    The Beginning

    It was a dark and stormy night; the rain fell in torrents, except at
    occasional intervals, when it was checked by a violent gust of wind.

    The lamps struggled against the darkness, and the street was empty
    but for a single figure hurrying home with a letter in his hand.

         “My dear friend, I write to you in haste, for the coach leaves at
         six and I would not have you hear the news from anyone but me. The
         house is sold, the horses are gone, and we leave on Monday next.
         Yours ever,

    He folded the letter and put it away, and walked on into the night
    with his collar turned up against the rain and his head bowed.

    *       *       *       *       *

    Morning came grey and cold over the roofs of the town, and nobody
    remembered the stranger who had passed that way in the storm.

        Twinkle, twinkle, little bat!
        How I wonder what you’re at!
          Up above the world you fly,
          Like a tea-tray in the sky.

    The song went on for some time in the same manner, and nobody in the
    room thought to stop it, for the singer was the host and the host was
    generous with his wine and his fire on such a bitter evening as that,
    and the company was content to listen and to nod and to say nothing.

    At last the candles burned low and the guests rose one by one, and
    they went out into the grey street where the rain had turned to sleet,
    and each of them went home by his own road and thought no more of it
    until the morning, when the news of the sale was all over the town.
    """

  @Test func chapterOpeningIsCentredWithItsTitleOnALineOfItsOwn() throws {
    let book = try openText(Self.story)
    let index = try #require(book.chapters.firstIndex { $0.role == .body })
    #expect(book.chapters[index].title == "CHAPTER I. The Beginning")
    let text = try book.text(ofChapter: index)
    let heading = try #require(text.paragraphs.first)
    #expect(text.substring(heading.range) == "CHAPTER I.\u{2028}The Beginning\n")
    #expect(heading.value.alignment == .center)
    #expect(heading.value.spacingAfter >= 1.5)
    #expect(book.chapters[index].estimatedLength == text.length)
  }

  @Test func sceneBreakIsCentredAndTheTextAfterItStartsFlush() throws {
    let book = try openText(Self.story)
    let index = try #require(book.chapters.firstIndex { $0.role == .body })
    let text = try book.text(ofChapter: index)
    let rule = try #require(Self.paragraph(text, "*"))
    #expect(rule.value.alignment == .center)
    #expect(rule.value.spacingBefore > 0 && rule.value.spacingAfter > 0)
    #expect(rule.value.firstLineIndent == 0 && rule.value.keepWithNext)
    let after = try #require(Self.paragraph(text, "Morning came"))
    #expect(after.value.firstLineIndent == 0)
    let before = try #require(Self.paragraph(text, "He folded"))
    #expect(before.value.firstLineIndent > 0)
  }

  @Test func indentedLetterIsOneParagraphOfProseAndAPoemKeepsItsLines() throws {
    let book = try openText(Self.story)
    let index = try #require(book.chapters.firstIndex { $0.role == .body })
    let text = try book.text(ofChapter: index)
    let letter = try #require(Self.paragraph(text, "“My dear friend"))
    #expect(
      text.substring(letter.range)
        == "“My dear friend, I write to you in haste, for the coach leaves at six and I "
        + "would not have you hear the news from anyone but me. The house is sold, the "
        + "horses are gone, and we leave on Monday next. Yours ever,\n")
    #expect(letter.value.role == .blockquote)
    #expect(letter.value.leftIndent > 0 && letter.value.alignment == .justified)
    let poem = try #require(Self.paragraph(text, "Twinkle"))
    #expect(poem.value.role == .verse)
    // Line by line, each keeping its indent beyond the poem's (no-break spaces).
    #expect(
      text.substring(poem.range).split(separator: "\u{2028}") == [
        "Twinkle, twinkle, little bat!", "How I wonder what you’re at!",
        "\u{A0}\u{A0}Up above the world you fly,", "\u{A0}\u{A0}Like a tea-tray in the sky.\n",
      ])
    #expect(book.chapters[index].estimatedLength == text.length)
  }

  @Test func titlePageLinesAreCentred() throws {
    let book = try openText(Self.story)
    let text = try book.text(ofChapter: 0)
    #expect(book.chapters[0].role == .frontMatter)
    #expect(text.paragraphs.count == 2)
    #expect(text.paragraphs.allSatisfy { $0.value.alignment == .center })
    #expect(text.paragraphs.allSatisfy { $0.value.firstLineIndent == 0 })
  }

  /// Pride and Prejudice's title page is centred in the source: it is set centred, line by
  /// line, with no stray indents.
  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func prideAndPrejudiceTitlePageIsCentred() throws {
    let book = try Book.open(Corpus.path("txt/en/pride-and-prejudice_pg1342_utf8.txt"))
    let text = try book.text(ofChapter: 0)
    let title = try #require(Self.paragraph(text, "PRIDE."))
    #expect(text.substring(title.range) == "PRIDE.\u{2028}and\u{2028}PREJUDICE\n")
    #expect(title.value.alignment == .center && title.value.leftIndent == 0)
    let credits = try #require(Self.paragraph(text, "with a Preface by"))
    #expect(credits.value.alignment == .center)
    #expect(book.chapters[0].estimatedLength == text.length)
  }

  @Test func aCentredBlockIsCentredButAnIndentedPoemIsNot() throws {
    let book = try openText(
      """
      The story begins here, on a long line of prose that wraps as prose does
      in the files of Project Gutenberg, at about seventy characters a line.

                                    THE END
                              of the first volume

          You are old, Father William, the young man said,
            And your hair has become very white;
          And yet you incessantly stand on your head,
            Do you think, at your age, it is right?

      The story goes on here, on a long line of prose that wraps as prose does
      in the files of Project Gutenberg, at about seventy characters a line,
      and it goes on for a while longer so that the file reads as prose, with
      its lines joined and its paragraphs separated by blank lines between.

      And then it ends, on a long line of prose that wraps as prose does in
      the files of Project Gutenberg, at about seventy characters a line, and
      it goes on for a while longer so that the file reads as prose, with its
      lines joined and its paragraphs separated by blank lines between them.
      """)
    let text = try book.text(ofChapter: 0)
    #expect(Self.paragraph(text, "THE END\u{2028}of the first volume")?.value.alignment == .center)
    #expect(Self.paragraph(text, "You are old")?.value.role == .verse)
  }

  /// Pride and Prejudice's letters carry ppgen markup (`/* RIGHT “Hunsford, … */`): the
  /// reader sees the dateline right-aligned and the salutation unindented, not the markup.
  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func transcriberMarkupIsObeyedNotShown() throws {
    let book = try Book.open(Corpus.path("txt/en/pride-and-prejudice_pg1342_utf8.txt"))
    var found: (dateline: Bool, salutation: Bool) = (false, false)
    for index in book.chapters.indices {
      let text = try book.text(ofChapter: index)
      #expect(!text.string.contains("/*") && !text.string.contains("*/"), "chapter \(index)")
      #expect(book.chapters[index].estimatedLength == text.length, "chapter \(index)")
      if let dateline = Self.paragraph(text, "“Hunsford, near Westerham, Kent, 15th October.") {
        #expect(dateline.value.alignment == .right)
        found.dateline = true
      }
      if let salutation = Self.paragraph(text, "“My dear friend,\n") {
        #expect(salutation.value.firstLineIndent == 0 && salutation.value.leftIndent == 2)
        found.salutation = true
      }
    }
    #expect(found == (true, true))
  }

  /// War and Peace's translator's notes ("* The most fascinating woman in Petersburg.",
  /// indented under the paragraph with the mark) are set smaller, as notes, not as more of
  /// the story; the scene-break rule does not take them for stars.
  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func translatorsNotesAreSetAsNotes() throws {
    let book = try Book.open(Corpus.path("txt/en/war-and-peace_pg2600_utf8-bom-crlf.txt"))
    let text = try book.text(ofChapter: 2)
    let note = try #require(Self.paragraph(text, "* The most fascinating woman"))
    #expect(note.value.role == .note)
    #expect(note.value.firstLineIndent == 0)
    let run = try #require(text.runs.first { $0.range.contains(note.range.lowerBound) })
    #expect(run.value.fontScale < 1)
    let story = try #require(Self.paragraph(text, "To each new arrival"))
    #expect(story.value.role == .body)
    let storyRun = try #require(text.runs.first { $0.range.contains(story.range.lowerBound) })
    #expect(storyRun.value.fontScale == 1)
  }

  @Test func indentedFootnotesAreNotesButAStarInTheTextIsNot() throws {
    let book = try openText(
      """
      He was known as la femme la plus séduisante, * and nobody
      doubted it, least of all the people who had never met him at all.

           * The most fascinating woman.

      [Footnote 1: A note in the Gutenberg manner.]

      * A line of text that starts with a star but is not indented.
      """)
    let text = try book.text(ofChapter: 0)
    #expect(Self.paragraph(text, "He was known")?.value.role == .body)
    #expect(Self.paragraph(text, "* The most")?.value.role == .note)
    #expect(Self.paragraph(text, "[Footnote 1")?.value.role == .note)
    #expect(Self.paragraph(text, "* A line")?.value.role == .body)
  }

  /// Alice's two breaks of three rows of stars between scenes and its illustration placeholders are set
  /// centred; its chapter titles stand under their numbers.
  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func aliceScenesAndPicturesAreCentred() throws {
    let book = try Book.open(Corpus.path("txt/en/alice-in-wonderland_pg11_utf8.txt"))
    let front = try book.text(ofChapter: 0)
    let picture = try #require(Self.paragraph(front, "[Illustration]"))
    #expect(picture.value.alignment == .center)
    let chapter = try book.text(ofChapter: 1)
    #expect(chapter.string.hasPrefix("CHAPTER I.\u{2028}Down the Rabbit-Hole\n"))
    let stars = chapter.paragraphs.filter { chapter.substring($0.range).hasPrefix("*") }
    #expect(stars.count == 6)
    #expect(stars.allSatisfy { $0.value.alignment == .center })
  }

  /// A chapter heading drawn in a picture (Project Gutenberg's `[Illustration: … Chapter
  /// I.]`) opens the chapter at the picture: the chapter is named by it, the caption
  /// stays whole with its closing bracket, and no heading of its own is set. A caption
  /// whose parts are apart (blank lines between) is one centred picture paragraph.
  @Test func aHeadingInAPicturesCaptionOpensItsChapterAndTheCaptionStaysWhole() throws {
    let book = try openText(
      """
      A Tale of Two Towns

      by A. Writer




      [Illustration: ·A TALE OF TWO TOWNS·



      Chapter I.]


      It was the best of towns, it was the worst of towns, and nobody who
      lived in either could say which was which on any given morning.

      [Illustration:

      “She came down to see the place”

      [_Copyright 1894 by George Allen._]]

      This was enough for the mayor, who went home and said nothing at all
      to anybody about the matter for the rest of the week.

      Chapter II.

      The second town was quieter than the first, and its river slower, and
      its people went to bed before the lamps were lit in the other one.
      """)
    let titles = book.chapters.map(\.title)
    #expect(titles.contains("Chapter I.") && titles.contains("Chapter II."), "\(titles)")
    let index = try #require(titles.firstIndex(of: "Chapter I."))
    let chapter = try book.text(ofChapter: index)
    let opening = try #require(chapter.paragraphs.first)
    #expect(
      chapter.substring(opening.range).trimmingCharacters(in: .newlines)
        == "[Illustration: ·A TALE OF TWO TOWNS·\u{2028}Chapter I.]")
    #expect(opening.value.role == .figure && opening.value.alignment == .center)
    // No heading paragraph repeats "Chapter I.", and the text after the picture opens
    // the chapter unindented, as after a heading.
    let headings = chapter.paragraphs.filter {
      if case .heading = $0.value.role { return true }
      return false
    }
    #expect(headings.isEmpty)
    let first = try #require(Self.paragraph(chapter, "It was the best"))
    #expect(first.value.firstLineIndent == 0)
    // The chapter before ends before the picture: nothing of the caption is left there.
    if index > 0 {
      #expect(!(try book.text(ofChapter: index - 1).string.contains("[Illustration")))
    }
    let picture = try #require(Self.paragraph(chapter, "[Illustration:\u{2028}"))
    #expect(
      chapter.substring(picture.range).trimmingCharacters(in: .newlines)
        == "[Illustration:\u{2028}“She came down to see the place”\u{2028}"
        + "[Copyright 1894 by George Allen.]]")
    #expect(picture.value.role == .figure && picture.value.alignment == .center)
  }

  /// Pride and Prejudice's Chapter I is named by its picture's caption, which keeps its
  /// bracket.
  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipMessage))
  func prideAndPrejudicesFirstChapterOpensAtItsPicture() throws {
    let book = try Book.open(Corpus.path("txt/en/pride-and-prejudice_pg1342_utf8.txt"))
    let index = try #require(book.chapters.firstIndex { $0.title == "Chapter I." })
    let chapter = try book.text(ofChapter: index)
    #expect(chapter.string.hasPrefix("[Illustration: ·PRIDE AND PREJUDICE·\u{2028}Chapter I.]\n"))
    #expect(!(try book.text(ofChapter: index - 1).string.contains("PRIDE AND PREJUDICE·")))
  }
}
