import Foundation
import QuireBook
import QuireUI

/// What the window shows, written as JSON after each frame to the file named by
/// `QUIRE_DESKTOP_STATE`: tests and `quire bench desktop` drive the real program with X
/// input and read here which pages it shows and how long its frames took.
final class StateReport {
  let path: String
  /// When the window began to open, a `Stopwatch` reading.
  let started: Double
  private var firstFrame: Double?
  /// Milliseconds of the last frames drawn (at most `keep`).
  private(set) var frameTimes: [Double] = []
  private(set) var turnFrameTimes: [Double] = []
  /// Milliseconds from each key, click or wheel step reaching the window's loop to the
  /// frame that answered it being shown (at most `keep`).
  private(set) var answerTimes: [Double] = []
  /// Milliseconds from each pointer move that moved the selection's end reaching the loop
  /// to the frame showing the new selection (at most `keep`).
  private(set) var selectionTimes: [Double] = []
  private let keep = 2_000
  private var lastWrite = 0.0

  init(path: String, started: Double) {
    self.path = path
    self.started = started
  }

  func recordFrame(milliseconds: Double, turning: Bool) {
    if firstFrame == nil { firstFrame = Stopwatch.milliseconds(since: started) }
    frameTimes.append(milliseconds)
    if turning { turnFrameTimes.append(milliseconds) }
    if frameTimes.count > keep { frameTimes.removeFirst(frameTimes.count - keep) }
    if turnFrameTimes.count > keep { turnFrameTimes.removeFirst(turnFrameTimes.count - keep) }
  }

  func recordAnswer(milliseconds: Double) {
    answerTimes.append(milliseconds)
    if answerTimes.count > keep { answerTimes.removeFirst(answerTimes.count - keep) }
  }

  func recordSelectionAnswer(milliseconds: Double) {
    selectionTimes.append(milliseconds)
    if selectionTimes.count > keep { selectionTimes.removeFirst(selectionTimes.count - keep) }
  }

  struct Snapshot: Encodable {
    struct Side: Encodable {
      var chapter: Int
      var start: Int
      var end: Int
      /// The page's first words, to tell pages apart in a failure message.
      var text: String
      /// Where the page's frame is across the window (pixels): which side of a spread.
      var x: Double
      var width: Double
    }
    /// A link on a page shown: where it is in the window (pixels) and where it goes.
    struct Link: Encodable {
      var text: String
      var target: String
      var x: Double
      var y: Double
      var width: Double
      var height: Double
    }
    /// The last pointer event the loop handled: where (window pixels), whether the
    /// button was down after it, and how many it has handled. A test moves the pointer a
    /// step and waits to see it here before the next, rather than sleeping.
    struct Pointer: Encodable {
      var x: Double
      var y: Double
      var isPressed: Bool
      var events: Int
    }
    var pid: Int32
    var frames: Int
    var firstFrameMilliseconds: Double?
    var lastFrameMilliseconds: Double
    var title: String
    var sides: [Side]
    /// The lines of text on the pages shown (their text, the box of their glyphs in the
    /// window), where a test points at a word.
    var lines: [Link]
    var links: [Link]
    /// The HUD's parts where a click does something (the overlay's slider and buttons).
    var controls: [Link] = []
    /// The selection's menu: its items (a colour's name for a swatch) where they are.
    var menu: [Link] = []
    /// The selected text on the pages shown, and the colour of the highlight chosen by a
    /// right-click.
    var selection: String?
    var chosenHighlight: String?
    var overlay: Bool
    var pointer: Pointer?
    var panel: String?
    var panelTitle: String?
    var panelRows: [String]
    /// The first row shown of a panel that scrolls (the statistics, the look-up).
    var panelScroll: Int
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
    var answerTimes: [Double]
    var selectionTimes: [Double]
    /// What the status line and HUD say of reading aloud and auto turn.
    var listening: String? = nil
    /// The sentence and word read aloud on the pages shown, each with its first rectangle.
    var spoken: [Link] = []
  }

  /// The selected text on the pages shown, in reading order; nil when none is there.
  static func selectedText(on sides: [PageSide]) -> String? {
    let parts = sides.flatMap { side in
      side.marks.filter { $0.kind == .selection }.compactMap { mark -> String? in
        let range =
          max(
            mark.range.lowerBound, side.page.range.lowerBound)..<min(
            mark.range.upperBound, side.page.range.upperBound)
        return range.isEmpty ? nil : side.text.substring(range)
      }
    }
    return parts.isEmpty ? nil : parts.joined()
  }

  /// The lines of text on the pages shown, each with the box of its characters.
  static func lines(on sides: [PageSide]) -> [Snapshot.Link] {
    sides.flatMap { side in
      let geometry = PageGeometry(page: side.page, ambiguousWide: side.ambiguousWide)
      return side.page.lines.compactMap { line -> Snapshot.Link? in
        let boxes = geometry.rectangles(of: line.range)
        guard !line.runs.isEmpty, let first = boxes.first else { return nil }
        let right = boxes.map(\.maxX).max() ?? first.maxX
        return Snapshot.Link(
          text: side.text.substring(line.range), target: "line", x: side.frame.x + first.x,
          y: side.frame.y + first.y, width: right - first.x, height: first.height)
      }
    }
  }

  /// The links on the pages shown, each with its first rectangle in the window.
  static func links(on sides: [PageSide]) -> [Snapshot.Link] {
    sides.flatMap { side in
      let geometry = PageGeometry(page: side.page)
      return side.text.links(in: side.page.range).compactMap { link -> Snapshot.Link? in
        let range =
          max(
            link.range.lowerBound, side.page.range.lowerBound)..<min(
            link.range.upperBound, side.page.range.upperBound)
        guard let box = geometry.rectangles(of: range).first else { return nil }
        let target: String =
          switch link.value {
          case .internal(let href): "internal:" + href
          case .external(let url): "external:" + url
          }
        return Snapshot.Link(
          text: side.text.substring(range), target: target, x: side.frame.x + box.x,
          y: side.frame.y + box.y, width: box.width, height: box.height)
      }
    }
  }

  /// The sentence and word read aloud on the pages shown ("sentence", "word" as targets),
  /// each with its first rectangle in the window.
  static func spoken(on sides: [PageSide]) -> [Snapshot.Link] {
    sides.flatMap { side in
      side.marks.compactMap { mark -> Snapshot.Link? in
        let kind: String
        switch mark.kind {
        case .spokenSentence: kind = "sentence"
        case .spokenWord: kind = "word"
        default: return nil
        }
        let range =
          max(
            mark.range.lowerBound, side.page.range.lowerBound)..<min(
            mark.range.upperBound, side.page.range.upperBound)
        guard !range.isEmpty,
          let box = PageGeometry(page: side.page).rectangles(of: range).first
        else { return nil }
        return Snapshot.Link(
          text: side.text.substring(range), target: kind, x: side.frame.x + box.x,
          y: side.frame.y + box.y, width: box.width, height: box.height)
      }
    }
  }

  /// Writes the snapshot atomically (a reader never sees half a file).
  func write(_ snapshot: (inout Snapshot) -> Void, screen: ReaderScreen) {
    var value = Snapshot(
      pid: getpid(), frames: frameTimes.count, firstFrameMilliseconds: firstFrame,
      lastFrameMilliseconds: Stopwatch.milliseconds(since: started), title: "",
      sides: screen.sides.map {
        Snapshot.Side(
          chapter: $0.chapterIndex, start: $0.page.range.lowerBound, end: $0.page.range.upperBound,
          text: String(
            $0.text.substring(
              $0.page.range
                .lowerBound..<min($0.page.range.upperBound, $0.page.range.lowerBound + 60))),
          x: $0.frame.x, width: $0.frame.width)
      }, lines: Self.lines(on: screen.sides), links: Self.links(on: screen.sides), overlay: false,
      panel: screen.panel?.kind.rawValue,
      panelTitle: screen.panel?.title,
      panelRows: (screen.panel?.rows ?? []).prefix(40).map(\.text),
      panelScroll: screen.panel?.scroll ?? 0, message: screen.message?.text,
      turning: false, turnsCompleted: 0, turnsCancelled: 0, width: 0, height: 0,
      fullscreen: false, renderer: "", theme: screen.theme.name, picturesRenderedAhead: 0,
      frameTimes: frameTimes, turnFrameTimes: turnFrameTimes, answerTimes: answerTimes,
      selectionTimes: selectionTimes)
    value.selection = Self.selectedText(on: screen.sides)
    value.chosenHighlight = screen.chosenHighlight?.colour.rawValue
    value.listening = screen.status.listening
    value.spoken = Self.spoken(on: screen.sides)
    snapshot(&value)
    guard let data = try? JSONCoding.encoder(pretty: false).encode(value) else { return }
    // Written and renamed without a sync to disk (FileManager's creation syncs): the file
    // is read by a process on the same machine, and a frame must not wait on the disk.
    let temporary = path + ".tmp"
    let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard file >= 0 else { return }
    let written = data.withUnsafeBytes { Foundation.write(file, $0.baseAddress, $0.count) }
    close(file)
    if written == data.count { _ = rename(temporary, path) }
  }
}
