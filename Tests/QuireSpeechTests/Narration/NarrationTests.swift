import Foundation
import QuireBook
import QuireTestSupport
import Testing

@testable import QuireSpeech

@Suite("Narration")
struct NarrationTests {
  static let path = Corpus.fixtures + "/epub/narrated"

  static func book() throws -> Book { try Book.open(path) }

  /// The clip times the fixture's SMIL gives (scripts/narrated-fixture prints them).
  static let chapterOneClips: [(text: String, begin: Double, end: Double)] = [
    ("The Voice of the Book", 0, 1.294),
    ("This chapter is read by the book itself.", 1.494, 3.893),
    ("Each sentence has its own clip.", 4.093, 6.202),
    ("A paragraph read as one clip, with a note1.", 6.402, 9.033),
  ]

  @Test("the package's media overlays are found, with the active class")
  func package() throws {
    let book = try Self.book()
    #expect(book.hasNarration)
    #expect(book.chapters.map(\.mediaOverlayHref) == (1...4).map { "OEBPS/chapter\($0).smil" })
    #expect(book.metadata.mediaActiveClass == "-epub-media-overlay-active")
  }

  @Test("the active class's colour comes from the chapter's stylesheet")
  func activeColour() throws {
    let book = try Self.book()
    #expect(book.narrationColour(ofChapter: 0) == Color(red: 0xFF, green: 0xE0, blue: 0x8A))
    let plain = try Book.open(Corpus.fixtures + "/epub/ruby")
    #expect(plain.narrationColour(ofChapter: 0) == nil, "a book without narration has none")
  }

  @Test("chapter 1 (MP3): clip by clip, each fragment's text and its audio")
  func clips() throws {
    let book = try Self.book()
    let (narration, warnings) = Narration.load(book: book, chapter: 0)
    #expect(warnings.isEmpty)
    let clips = try #require(narration).clips
    let text = try book.text(ofChapter: 0)
    #expect(clips.count == Self.chapterOneClips.count)
    for (clip, expected) in zip(clips, Self.chapterOneClips) {
      #expect(text.substring(clip.range) == expected.text)
      #expect(clip.audioHref == "OEBPS/audio/chapter1.mp3")
      #expect(abs(clip.begin - expected.begin) < 0.001)
      #expect(abs(clip.end - expected.end) < 0.001)
    }
    // The MP3's length, as libmpg123 finds it: the last clip and 0.2 s of silence, give or
    // take the encoder's padding (MP3 frames are 1152 samples).
    let duration = try #require(narration?.durations["OEBPS/audio/chapter1.mp3"])
    #expect(abs(duration - 9.233) < 0.11, "\(duration) s")
  }

  @Test("rendered, each clip's samples are its stretch of the file and its mark follows the last")
  func rendering() throws {
    let book = try Self.book()
    let narration = try #require(Narration.load(book: book, chapter: 0).narration)
    let renderer = try NarrationRenderer(narration: narration, book: book)
    #expect(renderer.sampleRate == 22050)
    var samples: [Int16] = []
    var marks: [SpeechMark] = []
    let completed = try renderer.render { chunk in
      samples += chunk
      return true
    } mark: {
      marks.append($0)
    }
    #expect(completed)
    #expect(marks.map(\.kind) == [.clip, .clip, .clip, .clip])
    for (mark, expected) in zip(marks, Self.chapterOneClips) {
      let seconds = Double(mark.endFrame - mark.startFrame) / 22050
      #expect(abs(seconds - (expected.end - expected.begin)) < 0.01, "\(seconds) s")
    }
    #expect(zip(marks, marks.dropFirst()).allSatisfy { $0.endFrame == $1.startFrame })
    #expect(marks.last?.endFrame == samples.count)
    // Speech, not silence: each clip is loud somewhere.
    for mark in marks {
      #expect(samples[mark.startFrame..<mark.endFrame].contains { abs(Int($0)) > 2000 })
    }
  }

  @Test(
    "chapter 2 (Ogg Vorbis): a clip past the file's end is cut with a warning, one after it dropped"
  )
  func pastTheEnd() throws {
    let book = try Self.book()
    let (narration, warnings) = Narration.load(book: book, chapter: 1)
    let clips = try #require(narration).clips
    #expect(clips.count == 2)
    let duration = try #require(narration?.durations["OEBPS/audio/chapter2.ogg"])
    #expect(abs(duration - 6.336) < 0.01)
    #expect(clips[1].end == duration)
    #expect(warnings.count == 2)
    #expect(warnings.first?.message.contains("past the end of OEBPS/audio/chapter2.ogg") == true)
    #expect(warnings.last?.message.contains("skipped") == true)
    // What exists is played.
    var frames = 0
    _ = try NarrationRenderer(narration: try #require(narration), book: book).render { chunk in
      frames += chunk.count
      return true
    } mark: { _ in
    }
    let expected = (3.096 - 0) + (duration - 3.296)
    #expect(abs(Double(frames) / 22050 - expected) < 0.02)
  }

  @Test(
    "a missing audio file or a broken SMIL is a warning, and the chapter falls back to the voice")
  func fallback() throws {
    let book = try Self.book()
    let (missing, missingWarnings) = Narration.load(book: book, chapter: 2)
    #expect(missing == nil)
    #expect(missingWarnings.map(\.entry) == ["OEBPS/audio/missing.mp3"])
    let (broken, brokenWarnings) = Narration.load(book: book, chapter: 3)
    #expect(broken == nil)
    #expect(brokenWarnings.map(\.entry) == ["OEBPS/chapter4.smil"])
  }

  @Test("SMIL clock values: full, partial and timecounts")
  func clockValues() throws {
    let overlay = """
      <smil xmlns="http://www.w3.org/ns/SMIL"><body><seq><seq>
      <par><text src="a.xhtml#x"/><audio src="s.mp3" clipBegin="1:02:03.5" clipEnd="1:02:04"/></par>
      </seq>
      <par><text src="a.xhtml#y"/><audio src="s.mp3" clipBegin="02:03.25" clipEnd="125s"/></par>
      <par><text src="a.xhtml"/><audio src="s.mp3" clipBegin="500ms" clipEnd="2min"/></par>
      <par><text src="a.xhtml#z"/><audio src="s.mp3" clipBegin="1.5h"/></par>
      <par><text src="a.xhtml#w"/><audio src="s.mp3" clipBegin="soon"/></par>
      </seq></body></smil>
      """
    let book = try TemporaryEPUB.book(overlay: overlay)
    let (parsed, warnings) = book.mediaOverlay(ofChapter: 0)
    let clips = try #require(parsed).clips
    #expect(clips.map(\.begin) == [3723.5, 123.25, 0.5, 5400])
    #expect(clips.map(\.end) == [3724, 125, 120, nil])
    #expect(clips.map(\.fragment) == ["x", "y", nil, "z"])
    #expect(warnings.count == 1)
  }
}

/// A one-chapter EPUB folder with the SMIL `overlay`, made in a temporary folder.
enum TemporaryEPUB {
  static func book(overlay: String) throws -> Book {
    let folder = try ScratchFolder.make("overlay")
    let files: [String: String] = [
      "mimetype": "application/epub+zip",
      "META-INF/container.xml": """
      <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
      <rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
      """,
      "content.opf": """
      <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>
      <dc:title>Overlay</dc:title><dc:language>en</dc:language></metadata>
      <manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml" media-overlay="s"/>
      <item id="s" href="a.smil" media-type="application/smil+xml"/></manifest>
      <spine><itemref idref="a"/></spine></package>
      """,
      "a.xhtml": """
      <html xmlns="http://www.w3.org/1999/xhtml"><body><p id="x">One.</p><p id="y">Two.</p>
      <p id="z">Three.</p></body></html>
      """,
      "a.smil": overlay,
    ]
    for (name, contents) in files {
      let path = folder + "/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try contents.write(toFile: path, atomically: true, encoding: .utf8)
    }
    return try Book.open(folder)
  }
}
