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
      page.lines[line].runs = page.lines[line].runs.map { $0.shifted(by: offset) }
      if !page.lines[line].annotations.isEmpty {
        page.lines[line].annotations = page.lines[line].annotations.map { $0.shifted(by: offset) }
      }
    }
    for image in page.images.indices { page.images[image].attachment.offset += offset }
    return page
  }
}

extension GlyphRun {
  /// The run with its text range and clusters moved by `offset`.
  fileprivate func shifted(by offset: Int) -> GlyphRun {
    var run = self
    run.range = (range.lowerBound + offset)..<(range.upperBound + offset)
    let delta = Int32(offset)
    run.clusters = clusters.map { $0 + delta }
    return run
  }
}
