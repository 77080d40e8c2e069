public import QuireBook

/// Lays a chapter's styled text out into pages, lazily: only as far as asked.
///
/// `page(containing:)` and `page(after:)` lay out paragraphs until the page they need
/// is complete; `paginateAll()` finishes the chapter. Until then `estimatedPageCount`
/// extrapolates from the characters per page so far. Each paragraph goes through
/// `analyze → prepare → break → finalize`, then its lines are placed in the container's
/// line slots with widow, orphan and keep-with-next control.
/// Not thread-safe: one paginator per task.
public final class Paginator {
  public let text: StyledText
  /// The container lines are laid out in: the page's, or for vertical text the page
  /// turned a quarter (`VerticalText`), whose lines become columns.
  public let container: TextContainer
  public let settings: LayoutSettings
  let source: any GlyphSource
  let units: [UInt16]
  let paragraphs: [Paragraph]
  /// The chapter's images by the offset of their U+FFFC (for images inside text).
  let attachments: [Int: Attachment]
  /// The chapter's embedded fonts, or none when `settings.embeddedFonts` is off.
  let faces: [FontFace]
  var pages: [Page] = []
  var next = 0
  var current = PageContent()
  var lineStatistics = PaginationStatistics()
  /// Which faces cover which characters, for font fallback in every paragraph.
  var coverage: CoverageMemo
  /// Set when the chapter is set in vertical columns.
  let vertical: VerticalText?
  /// Set for a fixed-layout chapter laid out in pixels: its one page is made whole.
  let fixed: FixedLayout?

  /// Statistics of the pages laid out so far, with the shape cache's (shared) counters.
  public var statistics: PaginationStatistics {
    var statistics = lineStatistics
    let cache = source.shapeCacheStatistics
    statistics.shapeCacheHits = cache.hits
    statistics.shapeCacheLookups = cache.lookups
    return statistics
  }

  /// The page being filled.
  struct PageContent {
    var lines: [Line] = []
    var images: [PlacedImage] = []
    var rules: [Rect] = []
    var y = 0.0
    var spacingAfter = 0.0
    var isEmpty: Bool { lines.isEmpty }
  }

  /// Creates a paginator that sets `text` in pages of `container` with real fonts.
  public convenience init(
    text: StyledText, container: TextContainer, settings: LayoutSettings = LayoutSettings(),
    fonts: FontContext
  ) {
    self.init(text: text, container: container, settings: settings, source: fonts)
  }

  /// Which paragraphs a paginator sets: all of them, or on a fixed-layout page those of
  /// its flow or of one positioned box (`ParagraphStyle.box`).
  package enum Selection: Sendable {
    case all
    case flow
    case box(Int)
  }

  package init(
    text: StyledText, container: TextContainer, settings: LayoutSettings,
    source: any GlyphSource, selecting selection: Selection = .all
  ) {
    self.text = text
    // A cell page cannot be scaled: on the terminal a fixed-layout page is reflowed,
    // unless it is only a picture (a comic's page), which then fills the page.
    fixed =
      source is CellGlyphSource
      ? (Self.isPicturePage(text) ? text.fixedLayout : nil) : text.fixedLayout
    let isVertical = VerticalText.applies(to: text, settings: settings, source: source)
    self.container = isVertical ? VerticalText.layoutContainer(for: container) : container
    self.settings = settings
    self.source = source
    coverage = CoverageMemo(source: source)
    // What is drawn: `text-transform` changes letters here, never in the stored text.
    units = text.displayUnits
    vertical =
      isVertical
      ? VerticalText(
        page: container, text: text, units: units,
        language: settings.hyphenationLanguage ?? settings.language) : nil
    faces = settings.embeddedFonts ? text.fontFaces : []
    let collected = collectParagraphs(
      text, units: units, defaultLanguage: settings.language,
      hyphenationLanguage: settings.hyphenationLanguage)
    switch selection {
    case .all: paragraphs = collected
    case .flow: paragraphs = collected.filter { $0.style.box == nil }
    case .box(let id): paragraphs = collected.filter { $0.style.box?.id == id }
    }
    attachments = Dictionary(
      text.attachments.map { ($0.offset, $0) }, uniquingKeysWith: { first, _ in first })
    current.y = container.contentRect.y
  }

  /// True once every page of the chapter is laid out.
  public var isComplete: Bool { next >= paragraphs.count && current.isEmpty && !pages.isEmpty }

  /// Pages laid out so far.
  public var laidOutPages: [Page] { pages }

  /// The exact page count when complete, otherwise characters ÷ characters per page so far.
  public var estimatedPageCount: Int {
    if isComplete { return pages.count }
    if fixed != nil { return 1 }
    guard let last = pages.last, last.range.upperBound > 0 else {
      return max(1, units.count / 1500 + 1)
    }
    let perPage = Double(last.range.upperBound) / Double(pages.count)
    return max(pages.count, Int((Double(units.count) / perPage).rounded(.up)))
  }

  /// The page at `index`, laying out as far as needed; nil past the chapter's end.
  public func page(at index: Int) -> Page? {
    while pages.count <= index && !isComplete { layoutNext() }
    return pages.indices.contains(index) ? pages[index] : nil
  }

  /// The page that shows the character at UTF-16 `offset` (the last page for the end).
  public func page(containing offset: Int) -> Page? {
    while !isComplete && (pages.last?.range.upperBound ?? 0) <= offset { layoutNext() }
    var low = 0
    var high = pages.count
    while low < high {
      let middle = (low + high) / 2
      if pages[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
    }
    return low < pages.count ? pages[low] : pages.last
  }

  /// The page that shows `locator`'s character (its chapter index is not checked).
  public func page(containing locator: Locator) -> Page? { page(containing: locator.offset) }

  /// The page after `page`, or nil at the chapter's end.
  public func page(after page: Page) -> Page? { self.page(at: page.index + 1) }

  /// Lays out the whole chapter and returns its pages.
  public func paginateAll() -> [Page] {
    while !isComplete { layoutNext() }
    return pages
  }

  func hyphenator(for language: String) -> Hyphenator? {
    source.hyphenators.hyphenator(for: language)
  }
}
