import QuireTypesetting

extension ReadingSession {
  /// Applies new settings and shows the page holding the position kept (seed 001's
  /// re-cut rule).
  ///
  /// The position kept is not moved to the new page's start, so changing a setting and
  /// changing it back shows the very page shown before: nothing drifts. Theme and turn
  /// mode alone change nothing on the page and lay nothing out.
  @discardableResult
  public func apply(_ newSettings: ReadingSettings) -> ShownPage? {
    guard newSettings != settings else { return current }
    let relayout = newSettings.layoutHash != settings.layoutHash
    let newFamily = newSettings.fontFamily != settings.fontFamily
    if relayout {
      for layout in layouts.values { noteBreaks(of: layout) }
      earlierBreaks[settings.layoutHash] = knownBreaks
    }
    settings = newSettings
    guard relayout else { return current }
    if newSettings.backend == .pixels && (newFamily || fonts == nil),
      let fonts = try? FontContext(bodyFamily: newSettings.fontFamily)
    {
      self.fonts = fonts
    }
    if newSettings.backend == .pixels {
      cells = nil
    } else if cells?.allowsHyphenation != newSettings.hyphenation
      || cells?.ambiguousWide != newSettings.ambiguousWide
    {
      // A resize keeps the cell source, and with it every word already measured.
      cells = CellGlyphSource(
        hyphenation: newSettings.hyphenation, ambiguousWide: newSettings.ambiguousWide)
    }
    background?.cancel()
    background = nil
    cancelExactPass()
    layouts = [:]
    pending = nil
    counting = nil
    loadCachedBreaks()
    for (chapter, breaks) in earlierBreaks[newSettings.layoutHash] ?? [:]
    where knownBreaks[chapter] == nil {
      knownBreaks[chapter] = breaks
    }
    return show(locator: anchor, exit: .other, keepAnchor: true)
  }
}
