import QuireBook
import QuireTypesetting

/// The character ranges of one page that get more than glyphs: the book's backgrounds,
/// underlines, strike-throughs and links, and the caller's highlights and search matches.
///
/// Gathered once per page from the chapter's sorted style runs (binary search to the
/// page's first run), then matched against each line.
struct DecorationSpans {
  /// Fills behind the text, in drawing order.
  var behind: [(range: Range<Int>, color: Color?)] = []
  var underlines: [(range: Range<Int>, style: TextAttributes.UnderlineStyle, color: Color?)] = []
  var strikes: [(range: Range<Int>, color: Color?)] = []
  var links: [Range<Int>] = []
  /// Search matches; drawn in the theme's colour (the colour is the theme's, not known here).
  var searchMatches: [Range<Int>] = []

  init(page: Page, text: StyledText?, decorations: PageDecorations) {
    let visible = page.range
    if let text {
      let runs = text.runs
      var index = Self.firstIndex(in: runs, reaching: visible.lowerBound)
      while index < runs.count, runs[index].range.lowerBound < visible.upperBound {
        let run = runs[index]
        if let background = run.value.background { behind.append((run.range, background)) }
        if let style = run.value.underline {
          underlines.append((run.range, style, run.value.foreground))
        }
        if run.value.isStrikethrough { strikes.append((run.range, run.value.foreground)) }
        index += 1
      }
      var link = Self.firstIndex(in: text.links, reaching: visible.lowerBound)
      while link < text.links.count, text.links[link].range.lowerBound < visible.upperBound {
        links.append(text.links[link].range)
        link += 1
      }
    }
    for highlight in decorations.highlights where highlight.range.overlaps(visible) {
      switch highlight.style {
      case .behind: behind.append((highlight.range, highlight.color))
      case .underline: underlines.append((highlight.range, .single, highlight.color))
      case .strike: strikes.append((highlight.range, highlight.color))
      }
    }
    searchMatches = decorations.searchMatches.filter { $0.overlaps(visible) }
  }

  /// The first of sorted, non-overlapping `ranges` that ends after `offset`.
  private static func firstIndex<Value>(in runs: [StyledRun<Value>], reaching offset: Int) -> Int {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
