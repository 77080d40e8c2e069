import QuireBook
import QuireTypesetting

/// A book's chapters ready to paginate, and the page settings `quire bench layout` uses.
struct LayoutWorkload {
  /// 600 × 800 px with 48 px margins.
  static let container = TextContainer(width: 600, height: 800, margins: EdgeInsets(all: 48))
  /// 16 px serif body, Knuth–Plass with hyphenation (the defaults).
  static let settings = LayoutSettings(fontSize: 16)

  let texts: [StyledText]

  /// Opens the book and reads every chapter in reading order.
  init(path: String) throws {
    let book = try Book.open(path)
    texts = try book.readingOrder.map { try book.text(ofChapter: $0) }
  }

  /// Paginates every chapter exactly with a fresh font context; returns the page count and
  /// the statistics summed over chapters.
  func paginate(fonts: FontContext) -> (pages: Int, statistics: PaginationStatistics) {
    var pages = 0
    var total = PaginationStatistics()
    for text in texts {
      let paginator = Paginator(
        text: text, container: Self.container, settings: Self.settings, fonts: fonts)
      pages += paginator.paginateAll().count
      total.add(paginator.statistics)
    }
    return (pages, total)
  }

  /// Paginates every chapter exactly on `workers` cores at once (`PaginationPass`), each
  /// worker with a fresh font context, sharing the words they shape; returns the page
  /// count and the shape caches' hit rate over all workers.
  func paginateInParallel(workers: Int) -> (pages: Int, hitRate: Double) {
    let texts = self.texts
    let pages = Locked(0)
    let shared = workers > 1 ? SharedWords() : nil
    let cache = PaginationPass.run(
      ChapterQueue(Array(texts.indices)), workers: workers,
      source: { try? FontContext(sharing: shared) }, shared: shared,
      paginator: { chapter, source in
        Paginator(
          text: texts[chapter], container: Self.container, settings: Self.settings,
          source: source)
      },
      finished: { _, paginator in pages.withLock { $0 += paginator.laidOutPages.count } })
    let hitRate = cache.lookups == 0 ? 0 : Double(cache.hits) / Double(cache.lookups)
    return (pages.withLock { $0 }, hitRate)
  }

  /// The paragraphs for the peer: text without the "\n" and first-line indent in pixels.
  var peerParagraphs: [PangoPeer.Paragraph] {
    var result: [PangoPeer.Paragraph] = []
    for text in texts {
      let units = text.string.utf16Units
      for paragraph in text.paragraphs {
        let range = paragraph.range
        let end = max(range.lowerBound, range.upperBound - 1)
        let slice = units[range.lowerBound..<end]
        guard !slice.isEmpty else { continue }
        result.append(
          PangoPeer.Paragraph(
            text: String(decoding: slice, as: UTF16.self),
            indent: paragraph.value.firstLineIndent * Self.settings.fontSize))
      }
    }
    return result
  }
}
