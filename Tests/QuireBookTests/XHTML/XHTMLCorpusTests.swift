import Foundation
import Testing

@testable import QuireBook

/// Real chapters from the corpus (copied into Tests/Fixtures/xhtml) and the broken ones.
@Suite struct XHTMLCorpusTests {
  /// Converts a fixture as if it were the book entry `href`, with stylesheets served from
  /// `stylesheets` (package path → fixture file).
  private func convert(
    _ fixture: String, href: String, stylesheets: [String: String] = [:]
  ) throws -> XHTMLConverter.Output {
    let folder = Corpus.fixtures + "/xhtml/"
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + fixture)))
    let converter = XHTMLConverter(
      documentHref: href, bookPath: "book.epub", limits: ImportLimits(),
      loadStylesheet: { path in
        stylesheets[path].flatMap { try? String(contentsOfFile: folder + $0, encoding: .utf8) }
      })
    return converter.convert(bytes)
  }

  private let karamazovSheets = [
    "epub/css/core.css": "se-karamazov/css/core.css",
    "epub/css/local.css": "se-karamazov/css/local.css",
  ]

  @Test func standardEbooksChapter() throws {
    let output = try convert(
      "se-karamazov/text/chapter-4-10-7.xhtml", href: "epub/text/chapter-4-10-7.xhtml",
      stylesheets: karamazovSheets)
    #expect(output.warnings.isEmpty)
    let text = output.text
    let paragraphs = XHTMLTest.paragraphs(text)
    #expect(paragraphs.prefix(2) == ["VII", "Ilusha"])
    // core.css: headings centred in small caps; hgroup's first child bold, the rest not.
    let heading = text.paragraphs[0].value
    #expect(heading.role == .heading(level: 4))
    #expect(heading.alignment == .center)
    #expect(XHTMLTest.attributes(of: "VII", in: text)?.isSmallCaps == true)
    #expect(XHTMLTest.attributes(of: "Ilusha", in: text)?.isBold == false)
    // p { text-indent: 1em } except after a heading group (hgroup + p).
    #expect(text.paragraphs[2].value.firstLineIndent == 0)
    #expect(text.paragraphs[3].value.firstLineIndent == 1)
    #expect(text.paragraphs[3].value.alignment == .justified)
    // The note reference: superscript, smaller, marked, linked to the endnotes file.
    let noteLink = try #require(
      text.links.first { $0.value == .internal(href: "epub/text/endnotes.xhtml#note-7") })
    #expect(text.substring(noteLink.range) == "7")
    let mark = text.runs.first { $0.range.contains(noteLink.range.lowerBound) }?.value
    #expect(mark?.isNoteReference == true)
    #expect(mark?.baselineShift == .superscript)
    #expect((mark?.fontScale ?? 1) < 1)
    #expect(text.anchors["noteref-7"] == noteLink.range.lowerBound)
    #expect(paragraphs.contains { $0.hasPrefix("“Perezvon?”7 repeated the doctor") })
  }

  @Test func standardEbooksEndnotes() throws {
    let output = try convert(
      "se-karamazov/text/endnotes.xhtml", href: "epub/text/endnotes.xhtml",
      stylesheets: karamazovSheets)
    let text = output.text
    #expect(output.title == "Endnotes")
    let notes = text.paragraphs.filter { $0.value.role == .note }
    #expect(notes.count == 9)
    #expect(text.substring(notes[6].range).hasPrefix("7. I.e. a chime of bells."))
    let anchor = try #require(text.anchors["note-7"])
    #expect(anchor == notes[6].range.lowerBound)
    // Backlinks lead back to the chapters.
    #expect(
      text.links.contains {
        $0.value == .internal(href: "epub/text/chapter-4-10-7.xhtml#noteref-7")
      })
    // Foreign words get their own language (xml:lang="ru-Latn" in the text).
    #expect(XHTMLTest.attributes(of: "silen", in: text)?.language == "ru-Latn")
    #expect(XHTMLTest.attributes(of: "silen", in: text)?.isItalic == true)
  }

  @Test func mobyDickChapter() throws {
    let output = try convert(
      "moby-dick/chapter_015.xhtml", href: "OPS/chapter_015.xhtml",
      stylesheets: ["OPS/css/stylesheet.css": "moby-dick/css/stylesheet.css"])
    let text = output.text
    #expect(output.warnings.isEmpty)
    // The stylesheet upper-cases the heading (as drawn; the text keeps the book's letters);
    // `header + p:first-line` must not apply to the whole paragraph (pseudo-elements never
    // match elements).
    #expect(XHTMLTest.paragraphs(text).first == "Chapter 15. Chowder.")
    #expect(String(decoding: text.displayUnits, as: UTF16.self).hasPrefix("CHAPTER 15. CHOWDER.\n"))
    #expect(text.paragraphs[0].value.role == .heading(level: 1))
    #expect(XHTMLTest.paragraphs(text)[1].hasPrefix("It was quite late in the evening"))
    // p + p { text-indent: 1.33em }
    #expect(text.paragraphs[1].value.firstLineIndent == 0)
    #expect(text.paragraphs[2].value.firstLineIndent == 1.33)
    #expect(XHTMLTest.attributes(of: "barrels of ", in: text)?.isItalic == false)
    #expect(text.runs.contains { text.substring($0.range) == "ile" && $0.value.isItalic })
    #expect(text.paragraphs.count == 17)  // the heading and 16 paragraphs
  }

  @Test func gutenbergAliceChapter() throws {
    let output = try convert(
      "alice/chapter-1.html", href: "OEBPS/chapter-1.html",
      stylesheets: ["OEBPS/0.css": "alice/0.css", "OEBPS/pgepub.css": "alice/pgepub.css"])
    let text = output.text
    let heading = text.paragraphs[0]
    #expect(text.substring(heading.range) == "CHAPTER I.\u{2028}Down the Rabbit-Hole\n")
    #expect(heading.value.role == .heading(level: 2))
    #expect(heading.value.pageBreakBefore)  // div.chapter { page-break-before: always }
    #expect(heading.value.alignment == .center)
    #expect(XHTMLTest.attributes(of: "CHAPTER", in: text)?.fontScale == 1.75)
    #expect(XHTMLTest.attributes(of: "CHAPTER", in: text)?.isBold == false)
    #expect(text.anchors["chap01"] == 0)
    let body = text.paragraphs[1].value
    #expect(body.firstLineIndent == 1)
    #expect(body.leftIndent == 0)  // body { margin-left: 10% } is the reader's business
    #expect(text.runs.contains { text.substring($0.range) == "very" && $0.value.isItalic })
    #expect(XHTMLTest.attributes(of: "Alice was", in: text)?.isItalic == false)
    // color: black on body is left to the theme.
    #expect(text.runs.allSatisfy { $0.value.foreground == nil && $0.value.background == nil })
  }

  @Test func malformedUnclosedTagsAndEntities() throws {
    let output = try convert("malformed/ch1.xhtml", href: "OEBPS/ch1.xhtml")
    #expect(
      output.warnings.map(\.message) == [
        "the XHTML is not well-formed; recovered with the HTML parser"
      ])
    #expect(output.title == "Unclosed")
    #expect(
      XHTMLTest.paragraphs(output.text) == [
        "Unclosed tags and undefined entities", "Paragraph without end tag",
        "Second \u{A0} paragraph with an HTML entity that is undefined in XML © —",
        "mismatched", "Stray ampersand & and less-than < here.", "", "\u{FFFC}",
      ])
    #expect(output.text.attachments.map(\.href) == ["OEBPS/x.png"])
  }

  @Test func malformedBytesAndControlCharacters() throws {
    let output = try convert("malformed/ch2.xhtml", href: "OEBPS/ch2.xhtml")
    #expect(!output.warnings.isEmpty)
    let paragraphs = XHTMLTest.paragraphs(output.text)
    #expect(paragraphs.first == "Invalid UTF-8 and control chars")
    let body = try #require(paragraphs.last)
    #expect(body.hasPrefix("Bad bytes: "))
    #expect(body.hasSuffix("and control chars, NUL too."))
    #expect(!body.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
  }

  @Test func malformedTagSoup() throws {
    let output = try convert("malformed/ch3.xhtml", href: "OEBPS/ch3.xhtml")
    #expect(
      XHTMLTest.paragraphs(output.text) == [
        "HTML4 soup, no XML declaration, no namespace", "Uppercase tags", "cell | cell2",
      ])
    #expect(!output.text.string.contains("alert"))
  }

  @Test func emptyDocumentGivesANoticeAndAWarning() throws {
    let output = try convert("malformed/ch4.xhtml", href: "OEBPS/ch4.xhtml")
    #expect(output.warnings.map(\.message) == ["the document is empty"])
    #expect(output.text.string.hasPrefix("[This chapter could not be read"))
  }
}
