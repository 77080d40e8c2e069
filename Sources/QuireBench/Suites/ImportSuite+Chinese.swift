import Foundation
import QuireBook

extension ImportSuite {
  /// The Aozora Bunko novel of the corpus: open and build its first chapter of text.
  static let aozora = "txt/ja/wagahai-wa-neko-de-aru_natsume-soseki_aozora-ruby_shift-jis-crlf.txt"

  /// `Book.open` of the Shift_JIS Aozora novel and the text of its first chapter.
  static func aozoraOpen(_ options: BenchOptions) throws -> BenchResult {
    let path = options.corpus + "/" + aozora
    var chapters = 0
    let time = try Bench.median(runs: options.runs) {
      let book = try Book.open(path)
      chapters = book.chapters.count
      _ = try book.text(ofChapter: min(1, book.chapters.count - 1))
    }
    return BenchResult(
      name: "Book.open + first chapter, 吾輩は猫である (Aozora Bunko, Shift_JIS)",
      medianMilliseconds: time, runs: options.runs, targetMilliseconds: 100,
      note: String(
        format: "%.1f MB, %d chapters", Double(BenchCorpus.size(of: path)) / 1e6, chapters))
  }

  /// Simplified → Traditional (OpenCC's `s2t`) of the first 2 MB of 红楼梦, beside
  /// libopencc converting the same text in the same run; the dictionaries are read once
  /// before the runs (their time is in the note).
  static func scriptConversion(_ options: BenchOptions) throws -> BenchResult {
    let path = options.corpus + "/" + BenchCorpus.hongloumeng
    guard let novel = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw BenchError("\(path): not readable as UTF-8")
    }
    var text = ""
    for character in novel {
      text.append(character)
      if text.utf8.count >= 2_000_000 { break }
    }
    let start = Stopwatch.now()
    let converter = try ScriptConverter(.s2t)
    let load = Stopwatch.milliseconds(since: start)
    var converted = ""
    let time = Bench.median(runs: options.runs) { converted = converter.convert(text) }
    guard converted.utf16.count == text.utf16.count else {
      throw BenchError("s2t changed the text's length")
    }
    var peer: (name: String, medianMilliseconds: Double)?
    if let library = OpenCCLibrary.Handle(.s2t) {
      peer = ("libopencc 1.1", Bench.median(runs: options.runs) { _ = library.convert(text) })
    }
    return BenchResult(
      name: "OpenCC s2t of 2 MB of 红楼梦 (offsets kept)", medianMilliseconds: time,
      runs: options.runs, targetMilliseconds: 150, peer: peer,
      note: String(
        format: "%.1f MB, %d characters; dictionaries read in %.0f ms",
        Double(text.utf8.count) / 1e6, text.unicodeScalars.count, load))
  }
}
