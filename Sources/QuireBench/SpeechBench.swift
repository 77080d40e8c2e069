import Foundation
import QuireBook
import QuireSpeech

/// `quire bench speech`: reading aloud with espeak-ng into the audio device.
///
/// - read to first sample: from the read command (the first eight sentences from the
///   chapter's start, the engine started, the device opened) until the device has taken
///   the first sample, for an English, a German and a Chinese chapter;
/// - CPU while reading aloud: the process's CPU time over ten seconds of speech, as a
///   share of one core.
///
/// Without `SDL_AUDIODRIVER` in the environment the device is SDL's disk driver (a file
/// played at the pace of a sound card), so the figures do not depend on the machine's
/// sound; the note says which driver was used.
public enum SpeechBench: BenchSuite {
  public static let name = "speech"
  public static let summary = "read aloud: read to first audio sample, CPU while speaking"

  static let books: [(name: String, path: String, chapter: Int)] = [
    ("Pride and Prejudice (TXT, en)", "txt/en/pride-and-prejudice_pg1342_utf8.txt", 1),
    ("Die Verwandlung (TXT, de)", "txt/de/die-verwandlung_pg22367_utf8.txt", 1),
    ("红楼梦 (TXT, zh)", "txt/zh/hongloumeng_simplified_utf8-crlf.txt", 1),
  ]

  public static func run(_ options: BenchOptions, progress: (BenchResult) -> Void) throws
    -> [BenchResult]
  {
    let file = NSTemporaryDirectory() + "quire-speech-bench-\(UUID().uuidString).raw"
    defer { unlink(file) }
    if ProcessInfo.processInfo.environment["SDL_AUDIODRIVER"] == nil {
      setenv("SDL_AUDIODRIVER", "disk", 1)
      setenv("SDL_DISKAUDIOFILE", file, 1)
    }
    var results: [BenchResult] = []
    for book in books {
      let opened = try Book.open(options.corpus + "/" + book.path)
      let text = try opened.text(ofChapter: book.chapter)
      let language = opened.metadata.language
      var driver = "?"
      let median = try Bench.median(runs: options.runs) {
        let start = DispatchTime.now().uptimeNanoseconds
        // The first sentences, as the reader starts with (the rest follow while they play).
        let utterances = SpeechScript.utterances(
          of: text, chapterIndex: book.chapter, language: language, limit: 8,
          settings: SpeechSettings())
        let player = SpeechPlayer(
          speaker: try EspeakSpeaker(settings: SpeechSettings(), language: language))
        player.play(utterances) { _ in }
        while (player.playedFrames ?? 0) == 0 {
          if DispatchTime.now().uptimeNanoseconds - start > 5_000_000_000 {
            throw BenchError("speech: no sample was played within 5 s")
          }
          usleep(200)
        }
        driver = player.audioDriver ?? "?"
        player.stop()
      }
      let result = BenchResult(
        name: "read → first audio sample, \(book.name)", medianMilliseconds: median,
        runs: options.runs, targetMilliseconds: 150, note: "espeak-ng, SDL \(driver) driver")
      progress(result)
      results.append(result)
    }
    let cpu = try cpuWhileSpeaking(options)
    progress(cpu)
    results.append(cpu)
    return results
  }

  /// CPU time over ten seconds of speech, as a share of one core (in the note; the
  /// median is the ten seconds' wall time).
  static func cpuWhileSpeaking(_ options: BenchOptions) throws -> BenchResult {
    let book = try Book.open(options.corpus + "/" + books[0].path)
    let text = try book.text(ofChapter: books[0].chapter)
    let utterances = SpeechScript.utterances(
      of: text, chapterIndex: books[0].chapter, language: "en", settings: SpeechSettings())
    let player = SpeechPlayer(
      speaker: try EspeakSpeaker(settings: SpeechSettings(), language: "en"))
    player.play(utterances) { _ in }
    let cpuStart = processCPUSeconds()
    let start = DispatchTime.now().uptimeNanoseconds
    Thread.sleep(forTimeInterval: 10)
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let cpu = processCPUSeconds() - cpuStart
    player.stop()
    let share = cpu / wall * 100
    return BenchResult(
      name: "CPU while reading aloud (engine and device, no front end)",
      medianMilliseconds: wall * 1000, runs: 1,
      note: String(format: "%.1f %% of one core (target ≤ 15 %%)", share))
  }

  static func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }
}
