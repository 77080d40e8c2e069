import Foundation
import QuireBook
public import QuireCLI
import QuireSpeech
import QuireUI

/// `quire bench speech`: reading aloud with espeak-ng into the audio device.
///
/// - r → first audio sample: from the read key reaching the reader's controller (on a
///   terminal's 100×40 cells, a page a third into the book) until the device has taken the
///   first sample — the chapter's sentences made, the engine started, the device opened —
///   for an English, a German and a Chinese book;
/// - CPU while reading aloud, engine and device alone: the bench's CPU time over ten
///   seconds of speech, as a share of one core;
/// - CPU while reading aloud in the terminal: `quire read` in a tmux of its own, `r`
///   pressed, the reader process's CPU time (its voice, its page following the voice,
///   its frames) over ten seconds, as a share of one core.
///
/// Without `SDL_AUDIODRIVER` in the environment the device is SDL's disk driver (a file
/// played at the pace of a sound card), so the figures do not depend on the machine's
/// sound; the note says which driver was used.
public enum SpeechBench: BenchSuite {
  public static let name = BenchSuiteName.speech
  public static let summary =
    "read aloud: read key to first audio sample, CPU while speaking (engine, terminal reader)"

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
      let path = options.corpus + "/" + book.path
      let (median, driver) = try BenchAsync.blocking {
        try await readKeyToFirstSample(path, runs: max(1, options.runs))
      }
      let result = BenchResult(
        name: "r → first audio sample, \(book.name)", medianMilliseconds: median,
        runs: options.runs, targetMilliseconds: 150,
        note: "espeak-ng, SDL \(driver) driver, a page 30 % into the book")
      progress(result)
      results.append(result)
    }
    let cpu = try cpuWhileSpeaking(options)
    progress(cpu)
    results.append(cpu)
    let terminal = try TerminalSpeechBench.cpuWhileReading(
      options.corpus + "/" + books[0].path)
    progress(terminal)
    results.append(terminal)
    return results
  }

  /// The median time from `r` to the device's first sample, a new reader each run (the
  /// device opened anew), and the audio driver SDL chose.
  static func readKeyToFirstSample(_ path: String, runs: Int) async throws -> (Double, String) {
    var preferences = Preferences()
    preferences.speechEngine = "espeak-ng"
    let book = try Book.open(path)
    var times: [Double] = []
    var driver = "?"
    for _ in 0...runs {
      let controller = try await ReaderController(
        book: book, library: nil, viewport: .cells(columns: 100, rows: 40),
        configuration: .init(
          preferences: preferences,
          sessionOptions: .init(prefetch: false, exactPagination: false)))
      _ = await controller.perform(.goToProgression(0.3))
      let start = Stopwatch.now()
      _ = await controller.perform(.readAloud)
      while (await controller.speechFramesPlayed ?? 0) == 0 {
        if Stopwatch.seconds(since: start) > 5 {
          let said = await controller.screen().message?.text ?? ""
          await controller.close()
          throw BenchError("speech: no sample was played within 5 s (\(said))")
        }
        try await Task.sleep(for: .microseconds(200))
      }
      times.append(Stopwatch.milliseconds(since: start))
      driver = ProcessInfo.processInfo.environment["SDL_AUDIODRIVER"] ?? "?"
      await controller.close()
    }
    // The first run warms the caches (fonts, espeak-ng's data), as the bench's others do.
    let timed = Array(times.dropFirst()).sorted()
    return (timed[timed.count / 2], driver)
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
    let start = Stopwatch.now()
    Thread.sleep(forTimeInterval: 10)
    let wall = Stopwatch.seconds(since: start)
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
