import Foundation
import QuireBook
public import QuireCLI
import QuireRendering
import QuireTypesetting

/// `quire bench render`: drawing typeset pages to pixels (DESIGN.md: a 600×800 page ≤ 4 ms).
///
/// Lays out ten consecutive pages of Pride and Prejudice at 600×800 px, 16 px serif, then
/// times drawing them with one renderer, as a reader turning pages would: glyph masks come
/// from the cache after the first page. Also timed: the same with the HUD on the night
/// theme, and a page drawn by a fresh renderer (cold glyph cache, every glyph rasterised).
public enum RenderBench: BenchSuite {
  public static let name = BenchSuiteName.render
  public static let summary = "Draw 600×800 pages: warm glyph cache, with the HUD, and cold."

  /// Pages drawn per timed run; the figures are per page.
  static let pagesPerRun = 10

  public static func run(_ options: BenchOptions, progress: (BenchResult) -> Void) throws
    -> [BenchResult]
  {
    let path = options.corpus + "/txt/en/pride-and-prejudice_pg1342_utf8.txt"
    let book = try Book.open(path)
    let fonts = try FontContext()
    let container = TextContainer(
      width: 600, height: 800, margins: EdgeInsets(top: 48, left: 48, bottom: 48, right: 48))
    var pages: [Page] = []
    var text = StyledText.empty
    for chapter in book.readingOrder {
      text = try book.text(ofChapter: chapter)
      let paginator = Paginator(text: text, container: container, fonts: fonts)
      pages = Array(paginator.paginateAll().prefix(pagesPerRun))
      if pages.count == pagesPerRun { break }
    }
    let renderer = try PageRenderer(fonts: fonts)
    let hud = HUD(
      bookTitle: book.metadata.title, author: "Jane Austen", chapterTitle: "Chapter 1",
      pageNumber: 12, pageCount: 340, isPageCountEstimated: true, progression: 0.04,
      minutesLeftInChapter: 6)
    var results: [BenchResult] = []
    func measure(_ label: String, target: Double?, _ body: () throws -> Void) rethrows {
      let run = try Bench.median(runs: options.runs, body)
      let result = BenchResult(
        name: label, medianMilliseconds: run / Double(pagesPerRun), runs: options.runs,
        targetMilliseconds: target, note: "median of \(options.runs) runs of \(pagesPerRun) pages")
      progress(result)
      results.append(result)
    }
    measure("render a 600×800 page (Pride and Prejudice, day, warm glyph cache)", target: 4) {
      for page in pages { _ = renderer.render(page, text: text) }
    }
    measure("render a 600×800 page with the HUD (night)", target: 4) {
      for page in pages { _ = renderer.render(page, text: text, theme: .night, hud: hud) }
    }
    try measure("render a 600×800 page, cold glyph cache (new renderer)", target: nil) {
      for page in pages { _ = try PageRenderer(fonts: fonts).render(page, text: text) }
    }
    return results
  }
}
