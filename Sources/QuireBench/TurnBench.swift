import Foundation
import QuireBook
public import QuireCLI
import QuireRendering

/// `quire bench turns`: page-turn frames on the CPU compositor, 600×800.
///
/// Pages are drawn here (paper, lines of "words", a margin rule) rather than typeset, so
/// the figure measures the turn alone. DESIGN.md's target: one curl frame ≤ 8 ms.
public enum TurnBench: BenchSuite {
  public static let name = BenchSuiteName.turns
  public static let summary = "page-turn frames (curl, leaf, slide) composited on the CPU, 600×800"

  public static func run(_ options: BenchOptions, progress: (BenchResult) -> Void) throws
    -> [BenchResult]
  {
    let width = 600
    let height = 800
    let from = page(width: width, height: height, seed: 1)
    let to = page(width: width, height: height, seed: 2)
    var results: [BenchResult] = []
    let runs = max(options.runs, 15)
    func measure(_ name: String, target: Double?, note: String? = nil, _ body: () -> Void) {
      let median = Bench.median(runs: runs, body)
      let result = BenchResult(
        name: name, medianMilliseconds: median, runs: runs, targetMilliseconds: target,
        note: note)
      results.append(result)
      progress(result)
    }
    let curl = CurlEffect()
    var canvas = RGBAImage(width: width, height: height)
    for moment: Float in [0.25, 0.5, 0.75] {
      let state = TurnState.progress(moment, width: width, height: height)
      let mesh = curl.mesh(for: state)
      measure(
        "curl frame \(width)×\(height) at \(moment) (mesh + composite)", target: 8,
        note: "\(mesh.triangleCount) triangles"
      ) {
        TurnCompositor.draw(
          curl.mesh(for: state), current: from, target: to, into: &canvas)
      }
    }
    measure("curl mesh only", target: nil) {
      _ = curl.mesh(for: .progress(0.5, width: width, height: height))
    }
    for mode in [TurnMode.leaf, .slide, .cover] {
      let effect = mode.effect
      let state = TurnState.progress(0.5, width: width, height: height)
      measure("\(mode.rawValue) frame \(width)×\(height) at 0.5", target: nil) {
        TurnCompositor.draw(effect.mesh(for: state), current: from, target: to, into: &canvas)
      }
    }
    results.append(windowDrag(runs: runs, progress: progress))
    results.append(windowDrag(width: 2560, height: 1600, runs: runs, progress: progress))
    return results
  }

  /// The desktop window's dragged curl without the window: `width`×`height` pages, a
  /// corner drag of 4 px steps to 7/12 of the width (as `quire bench desktop` moves the
  /// pointer), each frame redrawn only where it changed (`TurnFrameCanvas`) on every
  /// core, as the software renderer does. CPU time is the process's, so the figure holds
  /// on a busy machine.
  static func windowDrag(
    width: Int = 1200, height: Int = 900, runs: Int, progress: (BenchResult) -> Void
  ) -> BenchResult {
    let from = page(width: width, height: height, seed: 1)
    let to = page(width: width, height: height, seed: 2)
    let curl = CurlEffect()
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var wall: [Double] = []
    var cpu: [Double] = []
    var boxes: [Int] = []
    for _ in 0..<max(1, runs / 5) {
      var canvas = TurnFrameCanvas(width: width, height: height)
      let start = width - 12
      for step in stride(from: start, through: width * 7 / 12, by: -4) {
        let point = TurnPoint(x: Float(step), y: Float(height - 40 - (start - step) / 8))
        let state = TurnState(
          input: .drag(grip: .bottomRight, point: point), direction: .forward,
          width: Float(width), height: Float(height))
        let started = Stopwatch.now()
        let used = processSeconds()
        canvas.draw(curl.mesh(for: state), current: from, target: to, bands: cores)
        cpu.append((processSeconds() - used) * 1000)
        wall.append(Stopwatch.milliseconds(since: started))
        boxes.append(canvas.redrawnPixels)
      }
    }
    wall.sort()
    cpu.sort()
    let result = BenchResult(
      name: "dragged curl \(width)×\(height), partial frames on \(cores) cores",
      medianMilliseconds: wall[wall.count / 2], runs: wall.count, targetMilliseconds: 8,
      note: String(
        format: "p99 %.2f ms; CPU %.2f ms a frame (median); %d pixels redrawn (median)",
        wall[min(wall.count - 1, wall.count * 99 / 100)], cpu[cpu.count / 2],
        boxes.sorted()[boxes.count / 2]))
    progress(result)
    return result
  }

  /// User and system CPU seconds of the whole process, every thread.
  static func processSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// A page-like picture: paper, a margin rule and lines of dark "words".
  static func page(width: Int, height: Int, seed: UInt32) -> RGBAImage {
    var image = RGBAImage(width: width, height: height, fill: (250, 246, 234, 255))
    var state = seed
    for top in stride(from: 60, to: height - 60, by: 24) {
      var x = 48
      while x < width - 48 {
        state = state &* 1_103_515_245 &+ 12345
        let word = 12 + Int(state >> 16) % 60
        for y in top..<(top + 12) {
          for column in x..<min(width - 48, x + word) {
            let i = image.index(x: column, y: y)
            image.pixels[i] = 40
            image.pixels[i + 1] = 36
            image.pixels[i + 2] = 32
          }
        }
        x += word + 8
      }
    }
    return image
  }
}
