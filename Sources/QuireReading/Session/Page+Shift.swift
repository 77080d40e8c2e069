import QuireTypesetting

extension Page {
  /// The page moved from a resumed paginator's coordinates to the chapter's: its index by
  /// `pages` and every text range and glyph cluster by `offset`.
  func shifted(pages: Int, offset: Int) -> Page {
    guard pages != 0 || offset != 0 else { return self }
    var page = self
    page.index += pages
    page.range = (range.lowerBound + offset)..<(range.upperBound + offset)
    for line in page.lines.indices {
      let range = page.lines[line].range
      page.lines[line].range = (range.lowerBound + offset)..<(range.upperBound + offset)
      for run in page.lines[line].runs.indices {
        let runRange = page.lines[line].runs[run].range
        page.lines[line].runs[run].range =
          (runRange.lowerBound + offset)..<(runRange.upperBound + offset)
        let delta = Int32(offset)
        page.lines[line].runs[run].clusters = page.lines[line].runs[run].clusters.map {
          $0 + delta
        }
      }
    }
    for image in page.images.indices { page.images[image].attachment.offset += offset }
    return page
  }
}
