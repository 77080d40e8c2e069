import Foundation
import QuireBook
import QuireTypesetting
import Testing

@testable import QuireCLI

/// `quire speak` on chapters of the shared corpus in English, German and Chinese, checked as
/// a listener would: a WAV of plausible length, and events that follow the text.
@Suite struct SpeakCommandTests {
  struct Event: Decodable {
    var chapter: Int
    var kind: String
    var range: [Int]
    var start: Double
    var end: Double
  }

  static func temporaryWAV() throws -> String {
    try ScratchFolder.file("speak.wav")
  }

  /// The WAV's length in seconds, from its header.
  static func seconds(ofWAV path: String) throws -> Double {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func int32(_ at: Int) -> Int { bytes[at..<(at + 4)].reversed().reduce(0) { $0 << 8 | Int($1) } }
    #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
    #expect(bytes.count == 44 + int32(40))
    return Double(int32(40)) / Double(int32(28))
  }

  @Test(
    "a chapter in English, German and Chinese: plausible length, monotonic events, each sentence once",
    .enabled(if: Corpus.isAvailable, Corpus.skipMessage),
    arguments: [
      ("txt/en/pride-and-prejudice_pg1342_utf8.txt", 2, 25.0...60.0),
      ("txt/de/die-verwandlung_pg22367_utf8.txt", 2, 25.0...70.0),
      ("txt/zh/hongloumeng_simplified_utf8-crlf.txt", 2, 15.0...60.0),
    ])
  func chapter(path: String, chapter: Int, secondsPer100Words: ClosedRange<Double>) throws {
    let book = Corpus.path(path)
    let output = try Self.temporaryWAV()
    defer { unlink(output) }
    let result = runQuire([
      "speak", book, "--chapter", "\(chapter)", "--sentences", "12", "--events", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let events = try result.standardOutput.split(separator: "\n").map {
      try JSONDecoder().decode(Event.self, from: Data($0.utf8))
    }
    let sentences = events.filter { $0.kind == "sentence" }
    let words = events.filter { $0.kind == "word" }
    #expect(sentences.count == 12)
    #expect(words.count > sentences.count)
    #expect(events.allSatisfy { $0.chapter == chapter && $0.start <= $0.end })
    // Monotonic: sentences one after another in the text and in time, words inside theirs.
    for (earlier, later) in zip(sentences, sentences.dropFirst()) {
      #expect(earlier.range[1] <= later.range[0])
      #expect(earlier.end <= later.start + 0.001)
    }
    for (earlier, later) in zip(words, words.dropFirst()) where earlier.range[0] < later.range[0] {
      #expect(earlier.start <= later.start)
    }
    for word in words {
      let holder = sentences.first { $0.range[0] <= word.range[0] && word.range[1] <= $0.range[1] }
      #expect(holder != nil, "word \(word.range) is in no sentence")
      if let holder { #expect(holder.start <= word.start && word.end <= holder.end + 0.001) }
    }
    // The ranges are sentences of the text, each once, in order, none left out between the first and the last.
    let opened = try Book.open(book)
    let text = try opened.text(ofChapter: chapter - 1)
    let segmenter = TextSegmenter(text: text.string, language: opened.metadata.language)
    let expected = segmenter.sentences(in: sentences[0].range[0]..<sentences.last!.range[1])
      .filter { !text.substring($0).allSatisfy { !$0.isLetter && !$0.isNumber } }
    #expect(sentences.map { $0.range[0]..<$0.range[1] } == expected)
    // Plausible length: the words said at espeak-ng's default rate (175 a minute), with its pauses.
    let seconds = try Self.seconds(ofWAV: output)
    #expect(abs(seconds - sentences.last!.end) < 0.01)
    var statistics = TextStatistics()
    for sentence in sentences {
      statistics.add(text.substring(sentence.range[0]..<sentence.range[1]))
    }
    let perHundred = seconds / Double(statistics.words) * 100
    #expect(secondsPer100Words.contains(perHundred), "\(perHundred) s per 100 words")
  }

  @Test("the book's narration, clip by clip, with the warnings of a SMIL that runs past its audio")
  func narration() throws {
    let book = Corpus.fixtures + "/epub/narrated"
    let output = try Self.temporaryWAV()
    defer { unlink(output) }
    let first = runQuire(["speak", book, "--narration", "--events", "-o", output])
    #expect(first.status == 0, "\(first.standardError)")
    let clips = try first.standardOutput.split(separator: "\n").map {
      try JSONDecoder().decode(Event.self, from: Data($0.utf8))
    }
    #expect(clips.map(\.kind) == ["clip", "clip", "clip", "clip"])
    #expect(clips.map(\.range[0]) == clips.map(\.range[0]).sorted())
    // The four clips: 1.294 + 2.399 + 2.109 + 2.631 s.
    #expect(abs(try Self.seconds(ofWAV: output) - 8.433) < 0.05)

    let second = runQuire([
      "speak", book, "--chapter", "2", "--narration", "--events", "-o", output,
    ])
    #expect(second.status == 0)
    #expect(second.standardError.contains("past the end of OEBPS/audio/chapter2.ogg"))
    #expect(second.standardOutput.split(separator: "\n").count == 2)

    let missing = runQuire(["speak", book, "--chapter", "3", "--narration", "-o", output])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("OEBPS/audio/missing.mp3"))
    #expect(missing.standardError.contains("without --narration"))
  }

  @Test("a missing -o, a --from past the chapter, a chapter the book has not: usage errors")
  func usage() throws {
    let book = Corpus.fixtures + "/epub/narrated"
    let output = try Self.temporaryWAV()
    #expect(runQuire(["speak", book]).status == 2)
    #expect(runQuire(["speak", book, "--from", "99999", "-o", output]).status == 2)
    #expect(runQuire(["speak", book, "--chapter", "9", "-o", output]).status == 2)
  }
}
