import Foundation
import QuireUI

/// What the window shows, written as JSON after each frame to the file named by
/// `QUIRE_DESKTOP_STATE`: tests and `quire bench desktop` drive the real program with X
/// input and read here which pages it shows and how long its frames took.
final class StateReport {
  let path: String
  let started: Date
  private var firstFrame: Double?
  /// Milliseconds of the last frames drawn (at most `keep`).
  private(set) var frameTimes: [Double] = []
  private(set) var turnFrameTimes: [Double] = []
  private let keep = 2_000
  private var lastWrite = 0.0

  init(path: String, started: Date) {
    self.path = path
    self.started = started
  }

  func recordFrame(milliseconds: Double, turning: Bool) {
    if firstFrame == nil { firstFrame = Date().timeIntervalSince(started) * 1000 }
    frameTimes.append(milliseconds)
    if turning { turnFrameTimes.append(milliseconds) }
    if frameTimes.count > keep { frameTimes.removeFirst(frameTimes.count - keep) }
    if turnFrameTimes.count > keep { turnFrameTimes.removeFirst(turnFrameTimes.count - keep) }
  }

  struct Snapshot: Encodable {
    struct Side: Encodable {
      var chapter: Int
      var start: Int
      var end: Int
    }
    var pid: Int32
    var frames: Int
    var firstFrameMilliseconds: Double?
    var lastFrameMilliseconds: Double
    var title: String
    var sides: [Side]
    var overlay: Bool
    var panel: String?
    var panelTitle: String?
    var panelRows: [String]
    var message: String?
    var turning: Bool
    var turnsCompleted: Int
    var turnsCancelled: Int
    var width: Int
    var height: Int
    var fullscreen: Bool
    var renderer: String
    var theme: String
    var picturesRenderedAhead: Int
    var frameTimes: [Double]
    var turnFrameTimes: [Double]
  }

  /// Writes the snapshot atomically (a reader never sees half a file).
  func write(_ snapshot: (inout Snapshot) -> Void, screen: ReaderScreen) {
    var value = Snapshot(
      pid: getpid(), frames: frameTimes.count, firstFrameMilliseconds: firstFrame,
      lastFrameMilliseconds: Date().timeIntervalSince(started) * 1000, title: "",
      sides: screen.sides.map {
        Snapshot.Side(
          chapter: $0.chapterIndex, start: $0.page.range.lowerBound, end: $0.page.range.upperBound)
      }, overlay: false, panel: screen.panel?.kind.rawValue, panelTitle: screen.panel?.title,
      panelRows: (screen.panel?.rows ?? []).prefix(40).map(\.text), message: screen.message?.text,
      turning: false, turnsCompleted: 0, turnsCancelled: 0, width: 0, height: 0,
      fullscreen: false, renderer: "", theme: screen.theme.name, picturesRenderedAhead: 0,
      frameTimes: frameTimes, turnFrameTimes: turnFrameTimes)
    snapshot(&value)
    guard let data = try? JSONEncoder().encode(value) else { return }
    let temporary = path + ".tmp"
    if FileManager.default.createFile(atPath: temporary, contents: data) {
      _ = rename(temporary, path)
    }
  }
}
