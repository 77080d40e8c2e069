import Foundation
import QuireBook
import QuireTypesetting

/// The exact pass on worker threads: the far chapters of the book laid out on every core
/// at once, off the session's actor, which stays free for the reader.
struct ExactPass {
  /// What the workers send back, in order: each chapter's page breaks, then their end.
  enum Report: Sendable {
    case chapter(Int, breaks: [Int], length: Int)
    case ended
  }

  /// Tells results of this pass from those of a pass cancelled before it.
  let id: Int
  let queue: ChapterQueue
  /// Chapters handed to the workers whose page breaks have not come back yet.
  var outstanding: Set<Int>
  /// Takes the workers' reports on the session's actor, in the order they were sent.
  var reports: Task<Void, Never>?
}

extension ReadingSession {
  /// The chapters whose page breaks are unknown, in the order the exact pass wants them:
  /// from the chapter being read onwards, then back from it, nearest first.
  func exactPassOrder() -> [Int] {
    let missing = readingOrder.filter { knownBreaks[$0] == nil }
    let ahead = missing.filter { $0 >= chapter }
    let behind = missing.filter { $0 < chapter }.reversed()
    return ahead + behind
  }

  /// Hands the unknown chapters that no layout of the session covers to the workers, in
  /// the order of priority (the pass already running takes them on and is reordered);
  /// returns false when no worker can be had.
  func runExactPass() -> Bool {
    let order = exactPassOrder()
    let far = order.filter { layouts[$0] == nil && counting?.chapter != $0 }
    if var pass = exactPass {
      // The reader moved: chapters the session now lays out itself leave the queue, ones it
      // dropped half laid out join it, and the one being read comes first.
      pass.queue.remove(Set(layouts.keys))
      let added = far.filter { !pass.outstanding.contains($0) }
      pass.queue.append(added)
      pass.outstanding.formUnion(added)
      pass.queue.prioritize(order)
      exactPass = pass
      return true
    }
    guard !exactPassUnavailable else { return false }
    guard !far.isEmpty else { return true }
    startExactPass(far)
    return true
  }

  /// Starts workers on every core for `chapters`, in that order.
  private func startExactPass(_ chapters: [Int]) {
    exactPassCount += 1
    let id = exactPassCount
    let queue = ChapterQueue(chapters)
    let book = self.book
    let settings = self.settings
    let language = book.metadata.language
    // Words shaped by one worker serve the others; terminal cells measure for nothing.
    let workers = PaginationPass.coreCount
    let shared = settings.backend == .pixels && workers > 1 ? SharedWords() : nil
    let (reports, sender) = AsyncStream.makeStream(
      of: ExactPass.Report.self, bufferingPolicy: .unbounded)
    exactPass = ExactPass(id: id, queue: queue, outstanding: Set(chapters))
    // One stream, so that the end comes after every chapter sent before it.
    exactPass?.reports = Task {
      for await report in reports { take(report, pass: id) }
    }
    let thread = Thread {
      PaginationPass.run(
        queue, workers: workers, background: true,
        source: { settings.glyphSource(sharing: shared) }, shared: shared,
        paginator: { chapter, source in
          guard let text = try? book.text(ofChapter: chapter) else { return nil }
          return settings.paginator(text: text, language: language, source: source)
        },
        finished: { chapter, paginator in
          sender.yield(
            .chapter(
              chapter, breaks: paginator.laidOutPages.map(\.range.lowerBound),
              length: paginator.text.length))
        })
      sender.yield(.ended)
      sender.finish()
    }
    thread.name = "quire exact pass"
    thread.start()
  }

  /// Takes a worker's report: a chapter's page breaks, or the end of the pass. Chapters
  /// a pass took and never gave back (no worker could load the fonts) are laid out on
  /// the session's actor instead.
  private func take(_ report: ExactPass.Report, pass id: Int) {
    guard var pass = exactPass, pass.id == id else { return }
    switch report {
    case .chapter(let index, let breaks, let length):
      pass.outstanding.remove(index)
      exactPass = pass
      meter.during(.counting) { meter.record(breaks.count) }
      lengths[index] = length
      if knownBreaks[index] == nil { knownBreaks[index] = breaks }
      book.evictChapterTexts(keeping: Set(layouts.keys).union([chapter]))
      storePaginationIfComplete()
      publishFigures(now: false)
    case .ended:
      exactPass = nil
      publishFigures()
      let unknown = pass.outstanding.filter { knownBreaks[$0] == nil && layouts[$0] == nil }
      guard !unknown.isEmpty, !pass.queue.isCancelled else { return }
      // Chapters added after the workers had stopped go to a new pass; chapters taken and
      // never given back mean that the workers cannot lay out.
      let waiting = Set(pass.queue.waiting)
      if unknown.contains(where: { !waiting.contains($0) }) { exactPassUnavailable = true }
      scheduleBackground()
    }
  }

  /// Stops the workers after the page they are on; what they finished is kept.
  func cancelExactPass() {
    exactPass?.queue.cancel()
    exactPass?.reports?.cancel()
    exactPass = nil
  }
}

extension ReadingSettings {
  /// A glyph source of its own for a worker of the exact pass: the book's fonts (sharing
  /// the words the other workers shape), or the terminal's cells.
  func glyphSource(sharing shared: SharedWords?) -> (any GlyphSource)? {
    switch backend {
    case .pixels: try? FontContext(bodyFamily: fontFamily, sharing: shared)
    case .cells: CellGlyphSource(hyphenation: hyphenation, ambiguousWide: ambiguousWide)
    }
  }
}
